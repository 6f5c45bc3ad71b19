import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as list from './list.js';
import * as update from './update.js';

export function register(program: Command, f: Factory): void {
  const group = program.command('categories').description('Manage categories (visible to end users)');
  for (const verb of [list, create, update, del]) verb.register(group, f);
}
