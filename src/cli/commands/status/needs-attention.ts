import type { StatusReport } from './report-schema.js';

/** `1 post`, `3 comments`; `20+ posts` where the queue went on past what was read. */
export const counted = (n: number, noun: string, complete = true) =>
  `${n}${complete ? '' : '+'} ${noun}${n === 1 && complete ? '' : 's'}`;

/** Under a tenth of the window's requests left. */
export const nearlySpent = (limit: number, remaining: number) => remaining * 10 < limit;

const PART_NAMES = {
  moderation: 'the moderation queue',
  rejected_last_7_days: 'the rejected items',
  link_health: 'the link health',
  webhooks: 'the webhooks',
} as const;

/**
 * What needs someone (D-ADMIN-STATUS-EXIT): items pending moderation, broken links in a tab's latest
 * scan, webhook endpoints disabled or failing, a rate limit nearly spent, and any part that could
 * not be read (a gate cannot pass what it could not see). Rejected items and unscanned tabs are news.
 */
export function needsAttention(r: Omit<StatusReport, 'needs_attention'>): string[] {
  const found: string[] = [];
  const m = r.moderation;
  if (m.state === 'ok' && m.pending_posts + m.pending_comments > 0)
    found.push(`${counted(m.pending_posts + m.pending_comments, 'item', m.complete)} pending moderation`);
  if (r.link_health.state === 'ok') {
    const broken = r.link_health.tabs.reduce((sum, t) => sum + t.broken_links, 0);
    if (broken > 0) found.push(`${counted(broken, 'broken link')} in the knowledge base`);
  }
  if (r.webhooks.state === 'ok' && r.webhooks.failing.length > 0)
    found.push(`${counted(r.webhooks.failing.length, 'webhook endpoint')} disabled or failing`);
  if (r.rate_limit.state === 'ok' && nearlySpent(r.rate_limit.limit, r.rate_limit.remaining))
    found.push(`the rate limit is nearly spent (${r.rate_limit.remaining} of ${r.rate_limit.limit} requests left)`);
  for (const [key, name] of Object.entries(PART_NAMES)) {
    if (r[key as keyof typeof PART_NAMES].state === 'unavailable') found.push(`${name} could not be read`);
  }
  return found;
}
