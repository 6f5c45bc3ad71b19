import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as list from './list.js';
import * as update from './update.js';

export function register(program: Command, f: Factory): void {
  const group = program.command('comments').description('List, create, update and delete the comments of posts');
  for (const verb of [list, create, update, del]) verb.register(group, f);
}
