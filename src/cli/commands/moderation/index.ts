import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import * as approve from './approve.js';
import * as pending from './pending.js';
import * as reject from './reject.js';
import * as rejected from './rejected.js';
import * as review from './review.js';

export interface Verb {
  register(parent: Command, f: Factory): void;
}

/** The verbs in help order; a new verb is one import and one entry here. */
export const VERBS: Verb[] = [pending, rejected, review, approve, reject];

export function register(program: Command, f: Factory): void {
  const group = program.command('moderation').description('Review, approve and reject pending posts and comments');
  for (const verb of VERBS) verb.register(group, f);
}
