import type { Command } from 'commander';
import type { Factory } from '../../factory.js';

export function register(program: Command, _f: Factory): void {
  program.command('comments').description('(not available yet)');
}
