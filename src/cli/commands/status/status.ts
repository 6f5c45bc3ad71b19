import { EXIT, SilentExit, UsageError } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import { renderEnding } from '../../framework/ending.js';
import { needsAttention } from './needs-attention.js';
import { rateLimitOf, readStatusParts } from './read-status.js';
import type { StatusReport } from './report-schema.js';
import { statusScreen } from './status-screen.js';

/**
 * What needs the portal's administrator now (D-ADMIN-STATUS): the moderation queue, recent rejections,
 * each knowledge-base tab's latest link scan, failing webhook endpoints and the rate-limit headroom,
 * read at once; a part that cannot be read shows as unavailable. `--exit-status` makes it a gate.
 */
export default defineCommand<{ exitStatus?: boolean }>({
  name: 'status',
  description: 'Show what needs attention: moderation queue, rejections, link health, webhooks, rate limit',
  flags: [
    {
      flags: '--exit-status',
      description: `exit ${EXIT.changes} when something needs attention (pending items, broken links, failing webhooks, a part unread)`,
    },
  ],
  examples: ['fp status', 'fp status --json --jq .moderation', 'fp status --exit-status || fp moderation pending'],
  help: `--json prints one object: portal, checked_at, moderation, rejected_last_7_days, link_health,
webhooks, rate_limit (each with a "state": ok, unavailable with its "error", not_offered or
not_reported) and needs_attention, a list of phrases (empty when nothing needs attention).`,
  async run({ opts, f, client, output }) {
    const out = await output();
    if (out.format === 'csv') throw new UsageError('fp status has no CSV form: --json gives its facts as one object');
    const c = await client();
    const creds = await f.credentials();
    const now = new Date();
    const parts = await readStatusParts(c, now);
    const facts: Omit<StatusReport, 'needs_attention'> = {
      portal: { base_url: creds.baseUrl, profile: creds.profile ?? null, title: parts.title },
      checked_at: now.toISOString(),
      moderation: parts.moderation,
      rejected_last_7_days: parts.rejected,
      link_health: parts.linkHealth,
      webhooks: parts.webhooks,
      rate_limit: rateLimitOf(c.rateLimitHeaders),
    };
    const report: StatusReport = { ...facts, needs_attention: needsAttention(facts) };
    // Written here, not returned: with --exit-status the command exits non-zero after showing it.
    await renderEnding(out, f, { text: statusScreen(report, now), data: report }, undefined, {});
    if (opts.exitStatus && report.needs_attention.length) throw new SilentExit(EXIT.changes);
  },
});
