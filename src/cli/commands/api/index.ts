import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import request from './request.js';

/** `fp api` is a single command, not a group of verbs. */
export function register(program: Command, f: Factory): void {
  request.register(program, f);
}
