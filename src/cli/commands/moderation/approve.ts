import { moderationAction } from './action.js';

export default moderationAction('approve', {
  description: 'Approve pending posts or comments (ids as arguments or - for stdin); safe to re-run',
  examples: [
    'fp moderation approve comment 104',
    'fp moderation approve post pend3 x7k2p',
    "fp moderation pending --all --json | jq -r '.[] | select(.type==\"comment\") | .id' | fp moderation approve comment -",
    'fp moderation approve comment 104 105 999 --dry-run',
  ],
  dryRun: `  would-approve  pending
  would-fail     rejected already
  not-pending    approved already (would be skipped) or unknown (would fail)`,
});
