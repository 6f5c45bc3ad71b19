import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as list from './list.js';

export function register(program: Command, f: Factory): void {
  const group = program.command('posts').description('List posts with filters');
  for (const verb of [list]) verb.register(group, f);
}
