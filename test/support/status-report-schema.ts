import * as z from 'zod';

const unavailable = z.object({ state: z.literal('unavailable'), error: z.string() });
const count = z.number().int().min(0);
const timestamp = z.string();

/** The moderation queue and the recent rejections. */
const queueParts = () => {
  const moderation = z.discriminatedUnion('state', [
    z.object({
      state: z.literal('ok'),
      pending_posts: count,
      pending_comments: count,
      /** When the oldest pending item was written; null when nothing is pending. */
      oldest_pending_at: timestamp.nullable(),
      /** False when the queue was longer than fp reads for a status (the counts are a lower bound). */
      complete: z.boolean(),
    }),
    unavailable,
  ]);

  const rejected = z.discriminatedUnion('state', [
    z.object({
      state: z.literal('ok'),
      /** Items rejected at or after this time (7 days before the check). */
      since: timestamp,
      posts: count,
      comments: count,
      complete: z.boolean(),
    }),
    unavailable,
  ]);

  return { moderation, rejected };
};

/** Link health, webhooks and the rate limit. */
const serviceParts = () => {
  const linkHealthTab = z.object({
    tab_id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    /** When the tab's latest completed scan finished; null when none has. */
    scanned_at: timestamp.nullable(),
    /** Distinct links that failed in that scan. */
    broken_links: count,
    /** Articles with at least one broken link. */
    articles_with_broken_links: count,
  });

  const linkHealth = z.discriminatedUnion('state', [
    z.object({ state: z.literal('ok'), tabs: z.array(linkHealthTab) }),
    unavailable,
  ]);

  const webhookEndpoint = z.object({
    id: z.number().int(),
    url: z.string(),
    enabled: z.boolean(),
    consecutive_failures: count,
    disabled_reason: z.string().nullable(),
  });

  const webhooks = z.discriminatedUnion('state', [
    z.object({
      state: z.literal('ok'),
      /** How many endpoints the portal has. */
      endpoints: count,
      /** The endpoints that are disabled, or whose latest deliveries failed. */
      failing: z.array(webhookEndpoint),
    }),
    z.object({ state: z.literal('not_offered') }),
    unavailable,
  ]);

  const rateLimit = z.discriminatedUnion('state', [
    z.object({
      state: z.literal('ok'),
      limit: count,
      remaining: count,
      /** When the window ends, where the answer said (`X-RateLimit-Reset`). */
      reset_at: timestamp.nullable(),
    }),
    /** The answers carried no `X-RateLimit-*` headers. */
    z.object({ state: z.literal('not_reported') }),
  ]);

  return { linkHealth, webhooks, rateLimit };
};

/**
 * The documented shape of what `fp status --json` prints (D-ADMIN-STATUS), checked at run time:
 * counts are whole numbers from 0. Its type is the product's StatusReport (status-screen.test.ts
 * holds the two equal).
 */
export const statusReportSchema = () => {
  const { moderation, rejected } = queueParts();
  const { linkHealth, webhooks, rateLimit } = serviceParts();
  return z.object({
    portal: z.object({ base_url: z.string(), profile: z.string().nullable(), title: z.string().nullable() }),
    checked_at: timestamp,
    moderation,
    rejected_last_7_days: rejected,
    link_health: linkHealth,
    webhooks,
    rate_limit: rateLimit,
    /** What needs someone, one phrase each (`3 items pending moderation`); empty when nothing does. */
    needs_attention: z.array(z.string()),
  });
};
