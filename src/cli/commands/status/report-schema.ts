/**
 * What `fp status --json` prints: one object, each part read by its own request(s). A part whose
 * request failed is `{state: "unavailable", error}`; the webhooks of a portal without the reference
 * server's webhook routes are `{state: "not_offered"}` (D-ADMIN-STATUS). Counts are whole numbers
 * from 0; times are ISO 8601 text.
 */
export interface StatusReport {
  portal: { base_url: string; profile: string | null; title: string | null };
  checked_at: string;
  moderation:
    | {
        state: 'ok';
        pending_posts: number;
        pending_comments: number;
        /** When the oldest pending item was written; null when nothing is pending. */
        oldest_pending_at: string | null;
        /** False when the queue was longer than fp reads for a status (the counts are a lower bound). */
        complete: boolean;
      }
    | Unavailable;
  rejected_last_7_days:
    | {
        state: 'ok';
        /** Items rejected at or after this time (7 days before the check). */
        since: string;
        posts: number;
        comments: number;
        complete: boolean;
      }
    | Unavailable;
  link_health: { state: 'ok'; tabs: LinkHealthTab[] } | Unavailable;
  webhooks:
    | {
        state: 'ok';
        /** How many endpoints the portal has. */
        endpoints: number;
        /** The endpoints that are disabled, or whose latest deliveries failed. */
        failing: WebhookEndpoint[];
      }
    | { state: 'not_offered' }
    | Unavailable;
  rate_limit:
    | {
        state: 'ok';
        limit: number;
        remaining: number;
        /** When the window ends, where the answer said (`X-RateLimit-Reset`). */
        reset_at: string | null;
      }
    /** The answers carried no `X-RateLimit-*` headers. */
    | { state: 'not_reported' };
  /** What needs someone, one phrase each (`3 items pending moderation`); empty when nothing does. */
  needs_attention: string[];
}

interface Unavailable {
  state: 'unavailable';
  error: string;
}

interface LinkHealthTab {
  tab_id: number;
  slug: string;
  name: string;
  /** When the tab's latest completed scan finished; null when none has. */
  scanned_at: string | null;
  /** Distinct links that failed in that scan. */
  broken_links: number;
  /** Articles with at least one broken link. */
  articles_with_broken_links: number;
}

interface WebhookEndpoint {
  id: number;
  url: string;
  enabled: boolean;
  consecutive_failures: number;
  disabled_reason: string | null;
}

export type Part<K extends keyof StatusReport> = StatusReport[K];
