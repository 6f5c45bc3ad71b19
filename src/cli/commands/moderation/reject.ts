import { moderationAction } from './action.js';

export default moderationAction('reject', {
  description: 'Reject pending posts or comments (ids as arguments or - for stdin); asks once for the batch',
  examples: [
    'fp moderation reject comment 104',
    'fp moderation reject post pend3 --yes',
    "fp moderation pending --all --json | jq -r '.[] | select(.type==\"post\") | .id' | fp moderation reject post - --yes",
    'fp moderation reject comment 104 105 --dry-run',
  ],
  help: `
Rejected items are hidden from end users and listed by "fp moderation rejected".
On a terminal it asks once for the whole batch; without one it needs --yes (exit 2 otherwise).

Outcomes per id:
  rejected   it was pending and is rejected now
  skipped    it was rejected already (re-running a batch is safe)
  failed     unknown id, approved already, or the request failed
Every id is tried; exit 1 when any failed, 0 otherwise. On stderr: a progress line on a
terminal, then "Rejected 3, skipped 1 (already rejected), failed 1" and one line per failure.
With --json (or --format ndjson|csv) stdout gets the results {type, id, outcome, message}.

--dry-run reads the pending and rejected queues, changes nothing and needs no --yes. It prints per id:
  would-reject  pending
  would-skip    rejected already
  would-fail    approved already, or unknown
`,
});
