import { STATUS_CODES } from 'node:http';
import type { Dispatcher } from 'undici';
import { request } from '../../client/undici-parts.js';
import { signatureHeaders } from '../../contract/webhook-signature.js';
import { blockReason, ipLiteral, type EgressPolicy } from '../egress/egress-guard.js';
import { describeError } from '../egress/describe-error.js';

/** A delivery succeeds on a 2xx within this time (connect, answer and its body). */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** How much of a receiver's answer is read: it only says 2xx or not. */
const ANSWER_BYTES = 16 * 1024;

export type AttemptOutcome =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string; retryAfter?: string };

export interface Attempt {
  url: string;
  secret: string;
  eventId: string;
  /** Which attempt this is, from 1 (the `webhook-attempt` header; not signed). */
  attempt: number;
  /** The envelope exactly as logged: the same bytes on every attempt. */
  body: string;
  dispatcher: Dispatcher;
  egress: EgressPolicy;
  timeoutMs?: number;
  userAgent?: string;
}

/**
 * One POST of a delivery, signed at the time it is sent. Redirects are not followed
 * (a 3xx is a failure); the dispatcher connects only to addresses the egress policy
 * allows, and an IP literal, which needs no lookup, is judged here.
 */
export async function sendDelivery(a: Attempt): Promise<AttemptOutcome> {
  const timeoutMs = a.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const literal = ipLiteral(new URL(a.url).hostname);
  const blocked = literal === undefined ? undefined : blockReason(literal, a.egress);
  if (blocked !== undefined) return { ok: false, status: null, error: blocked };
  const timer = new AbortController();
  const t = setTimeout(() => timer.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  try {
    const res = await request(a.url, a.dispatcher, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': a.userAgent ?? 'fp-webhooks/1',
        'webhook-attempt': String(a.attempt),
        ...signatureHeaders(a.secret, a.eventId, a.body),
      },
      body: a.body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: timer.signal,
    });
    await res.body.dump({ limit: ANSWER_BYTES }).catch(() => undefined);
    const status = res.statusCode;
    if (status >= 200 && status < 300) return { ok: true, status };
    const header = res.headers['retry-after'];
    return {
      ok: false,
      status,
      error: failureText(status, res.headers.location),
      retryAfter: Array.isArray(header) ? header[0] : header,
    };
  } catch (err) {
    return {
      ok: false,
      status: null,
      error: timer.signal.aborted ? `timed out after ${timeoutMs} ms` : describeError(err, timeoutMs),
    };
  } finally {
    clearTimeout(t);
  }
}

function failureText(status: number, location: string | string[] | undefined): string {
  const text = `HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trim();
  if (status >= 300 && status < 400 && location !== undefined) return `${text}: redirects are not followed`;
  return text;
}
