import { defineGroup } from '../../framework/define-command.js';
import approve from './approve.js';
import pending from './pending.js';
import reject from './reject.js';
import rejected from './rejected.js';
import review from './review.js';

/** The verbs in help order; a new verb is one import and one entry here. */
export const { register } = defineGroup({
  name: 'moderation',
  description: 'Review, approve and reject pending posts and comments',
  commands: [pending, rejected, review, approve, reject],
});
