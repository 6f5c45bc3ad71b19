import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as add from './add.js';
import * as del from './delete.js';

export function register(program: Command, f: Factory): void {
  const group = program.command('references').description('Attach references to posts, or delete them');
  for (const verb of [add, del]) verb.register(group, f);
}
