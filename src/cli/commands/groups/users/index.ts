import type { Command } from 'commander';
import type { Factory } from '../../../factory.js';
import * as add from './add.js';
import * as list from './list.js';
import * as remove from './remove.js';

export function register(parent: Command, f: Factory): void {
  const group = parent.command('users').description('List, add and remove the members of a group');
  for (const verb of [list, add, remove]) verb.register(group, f);
}
