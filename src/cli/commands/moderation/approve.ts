import { moderationAction } from './action.js';

export default moderationAction('approve', {
  description: 'Approve pending posts or comments (ids as arguments or - for stdin); safe to re-run',
  examples: [
    'fp moderation approve comment 31',
    'fp moderation approve post hsiag gvcf4',
    'fp moderation pending --all --json | jq -r \'.[] | select(.type=="comment") | .id\' | fp moderation approve comment -',
    'fp moderation approve comment 31 28 999 --dry-run',
  ],
  dryRun: `  would-approve  pending
  would-skip     approved already (a post, looked up)
  would-fail     rejected already, or an unknown post
  not-pending    a comment approved already (would be skipped) or unknown (would fail)`,
});
