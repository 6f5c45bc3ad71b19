import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import status from './status.js';

export function register(program: Command, f: Factory): void {
  status.register(program, f);
}
