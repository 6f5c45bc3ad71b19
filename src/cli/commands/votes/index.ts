import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as add from './add.js';
import * as remove from './remove.js';

export function register(program: Command, f: Factory): void {
  const group = program.command('votes').description('Add or remove anonymous votes on posts');
  for (const verb of [add, remove]) verb.register(group, f);
}
