import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as list from './list.js';
import * as summarize from './summarize.js';
import * as update from './update.js';

export function register(program: Command, f: Factory): void {
  const group = program.command('feedback').description('Manage feedback entries and summarize them');
  for (const verb of [list, create, update, del, summarize]) verb.register(group, f);
}
