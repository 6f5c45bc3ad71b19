import { moderationAction } from './action.js';

export default moderationAction('approve', {
  description: 'Approve pending posts or comments (ids as arguments or - for stdin); safe to re-run',
  examples: [
    'fp moderation approve comment 104',
    'fp moderation approve post pend3 x7k2p',
    "fp moderation pending --all --json | jq -r '.[] | select(.type==\"comment\") | .id' | fp moderation approve comment -",
    'fp moderation approve comment 104 105 999 --dry-run',
  ],
  help: `
Outcomes per id:
  approved   it was pending and is approved now
  skipped    it was approved already (re-running a batch is safe)
  failed     unknown id, rejected already, or the request failed
Every id is tried; exit 1 when any failed, 0 otherwise. On stderr: a progress line on a
terminal, then "Approved 3, skipped 1 (already approved), failed 1" and one line per failure.
With --json (or --format ndjson|csv) stdout gets the results {type, id, outcome, message}.

--dry-run reads the pending and rejected queues and changes nothing. It prints per id:
  would-approve  pending
  would-fail     rejected already
  not-pending    approved already (would be skipped) or unknown (would fail)
`,
});
