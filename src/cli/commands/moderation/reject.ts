import { moderationAction } from './action.js';

export default moderationAction('reject', {
  description: 'Reject pending posts or comments (ids as arguments or - for stdin); asks once for the batch',
  examples: [
    'fp moderation reject comment 31',
    'fp moderation reject post hsiag --yes',
    'fp moderation pending --all --json | jq -r \'.[] | select(.type=="post") | .id\' | fp moderation reject post - --yes',
    'fp moderation reject comment 31 28 --dry-run',
  ],
  intro: `Rejected items are hidden from end users and listed by "fp moderation rejected".
On a terminal it asks once for the whole batch; without one it needs --yes (exit 2 otherwise).`,
  dryRun: `  would-reject  pending
  would-skip    rejected already
  would-fail    approved already, or unknown (a post is looked up to say which)`,
});
