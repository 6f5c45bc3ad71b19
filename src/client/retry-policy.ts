/**
 * When `fp` tries a request again, and how long it waits first. One policy for every
 * request; the client applies it through undici's retry interceptor.
 *
 * - 429 and 503 mean the request was not processed: retried whatever the method.
 * - 502, 504 and a dropped connection may come after the server acted: retried only for
 *   idempotent requests (GET, HEAD, PUT, DELETE, OPTIONS, or a call marked idempotent).
 *   A create (POST) is never repeated after a dropped connection.
 * - `Retry-After` (seconds or an HTTP date) is honoured up to RETRY_AFTER_CAP_MS; without
 *   it the wait grows exponentially from BACKOFF_BASE_MS with jitter, up to BACKOFF_CAP_MS.
 * - At most MAX_ATTEMPTS attempts, and never past the request's deadline (`--timeout`).
 */

export const MAX_ATTEMPTS = 10;
/** The longest `Retry-After` honoured: one window of the hosted service's 120 requests per 60 s. */
const RETRY_AFTER_CAP_MS = 60_000;
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 8_000;
/** The default `--timeout`: one request, its retries and waits included, room for one full Retry-After. */
export const DEFAULT_DEADLINE_MS = 120_000;

const NOT_PROCESSED = new Set([429, 503]);
const MAYBE_PROCESSED = new Set([502, 504]);
/** The connection broke before an answer: the server may or may not have acted. */
const DROPPED = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED']);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export const isIdempotentMethod = (method: string) => IDEMPOTENT_METHODS.has(method.toUpperCase());

export interface FailedAttempt {
  /** An HTTP answer's status, or undefined for a connection failure. */
  status?: number;
  /** undici / socket error code of a connection failure. */
  code?: string;
  /** The answer's Retry-After header, when there is one. */
  retryAfter?: string | string[];
}

export interface RetryContext {
  idempotent: boolean;
  /** Attempts made so far (1 after the first failure). */
  attempts: number;
  /** Time since the request started. */
  elapsedMs: number;
  deadlineMs: number;
  maxAttempts?: number;
  now?: number;
  random?: () => number;
}

export type RetryDecision = { retry: true; waitMs: number; retryAfterMs?: number } | { retry: false; why?: string };

export function decideRetry(failure: FailedAttempt, ctx: RetryContext): RetryDecision {
  const retryable =
    failure.status !== undefined
      ? NOT_PROCESSED.has(failure.status) || (ctx.idempotent && MAYBE_PROCESSED.has(failure.status))
      : failure.code !== undefined && ctx.idempotent && DROPPED.has(failure.code);
  if (!retryable) return { retry: false };
  const maxAttempts = ctx.maxAttempts ?? MAX_ATTEMPTS;
  if (ctx.attempts >= maxAttempts)
    return { retry: false, why: ctx.attempts > 1 ? `gave up after ${plural(ctx.attempts, 'attempt')}` : undefined };

  const random = ctx.random ?? Math.random;
  const retryAfterMs = parseRetryAfter(failure.retryAfter, ctx.now ?? Date.now());
  const backoff = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (ctx.attempts - 1));
  // Retry-After is a floor; a little jitter on top keeps parallel requests from returning together.
  const waitMs =
    retryAfterMs !== undefined
      ? Math.min(retryAfterMs, RETRY_AFTER_CAP_MS) +
        Math.round(random() * Math.min(1000, BACKOFF_BASE_MS * ctx.attempts))
      : Math.round(backoff / 2 + random() * (backoff / 2));
  if (ctx.elapsedMs + waitMs > ctx.deadlineMs) {
    const asked =
      retryAfterMs !== undefined
        ? `the server asked to wait ${formatMs(retryAfterMs)} (Retry-After)`
        : `the next attempt was due in ${formatMs(waitMs)}`;
    return {
      retry: false,
      why: `gave up after ${plural(ctx.attempts, 'attempt')}: ${asked}, which would pass the ${formatMs(ctx.deadlineMs)} limit (--timeout)`,
    };
  }
  return { retry: true, waitMs, retryAfterMs };
}

/** `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT` in milliseconds from now; undefined when absent or unreadable. */
function parseRetryAfter(header: string | string[] | undefined, now: number): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at) || !/[a-z]/i.test(value)) return undefined;
  return Math.max(0, at - now);
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) || s >= 10 ? Math.round(s) : s.toFixed(1)} s`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One retry decision after a failed attempt, the same over node:http and undici: `done()`
 * (after the wait) to try again, `done(err)` to give up with that error.
 */
export type RetryStep = (err: Error, done: (err?: Error | null) => void) => void;
