import { STATUS_CODES } from 'node:http';
import type { Agent as UndiciAgent, Dispatcher } from 'undici';
import { request } from '../../../client/undici-parts.js';
import { blockReason, EgressBlocked, ipLiteral, resolveAllowed, type EgressPolicy } from '../../egress/egress-guard.js';
import { describeError } from '../../egress/describe-error.js';
import { createGuardedAgent } from '../../egress/guarded-agent.js';
import type { LinkCheck } from './types.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;
/** How much of a GET body is read before the connection is dropped. */
const BODY_PREFIX_BYTES = 64 * 1024;

export interface CheckOptions {
  /**
   * Shared connection pool; defaults to one process-wide Agent that connects
   * only to addresses the egress policy allows. A pool of your own cannot pin
   * the vetted address: names are then checked by a lookup before each hop.
   */
  dispatcher?: Dispatcher;
  /** Which destinations may be fetched; by default no loopback, private, link-local or metadata address. */
  egress?: EgressPolicy;
  /** Applies to each hop separately: connect + headers + body prefix. */
  timeoutMs?: number;
  /** Aborting rejects the check with the signal's reason instead of producing a result. */
  signal?: AbortSignal;
  now?: () => number;
}

const REQUEST_HEADERS = { 'user-agent': 'fp-link-health/0.1', accept: '*/*' };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const DEFAULT_POLICY: EgressPolicy = {};
const UNGUARDED_POLICY: EgressPolicy = { allowPrivate: true };
const agents = new WeakMap<EgressPolicy, UndiciAgent>();

/** The process-wide pool for a policy; by default the guarded one. */
function defaultLinkAgent(egress: EgressPolicy = DEFAULT_POLICY): UndiciAgent {
  const key = egress.allowPrivate ? UNGUARDED_POLICY : egress;
  let agent = agents.get(key);
  if (agent === undefined) {
    agent = createGuardedAgent(DEFAULT_TIMEOUT_MS, key);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * HEAD is tried first because it costs the target nothing. Servers and CDNs often
 * refuse HEAD (405, 501) or answer it with another 4xx (400, 403, 429...) while
 * serving GET fine, so every 4xx except 404 and 410, which are trusted as the
 * resource's real answer, is retried with GET.
 */
function needsGet(status: number): boolean {
  return status === 501 || (status >= 400 && status < 500 && status !== 404 && status !== 410);
}

/** RFC 6761 names that never resolve: answered without a DNS query. */
const RESERVED_TLDS = ['test', 'example', 'invalid'];

function reservedDomain(hostname: string): string | undefined {
  const tld = hostname.toLowerCase().replace(/\.$/, '').split('.').pop() ?? '';
  return RESERVED_TLDS.includes(tld) ? tld : undefined;
}

export async function checkUrl(url: string, opts: CheckOptions = {}): Promise<LinkCheck> {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const egress = opts.egress ?? DEFAULT_POLICY;
  const dispatcher = opts.dispatcher ?? defaultLinkAgent(egress);
  let finalUrl = url;
  let status: number | null = null;
  let redirects = 0;
  const result = (ok: boolean, error: string | null): LinkCheck => ({
    url,
    ok,
    status,
    error,
    final_url: finalUrl,
    redirects,
    checked_at: new Date(now()).toISOString(),
  });

  let current = parseHttpUrl(url);
  if (typeof current === 'string') return result(false, current);
  try {
    for (;;) {
      finalUrl = current.href;
      const reserved = reservedDomain(current.hostname);
      if (reserved) return result(false, `host not found (reserved domain .${reserved} never resolves)`);
      const blocked = await egressBlock(current.hostname, egress, opts.dispatcher !== undefined);
      if (blocked !== undefined) {
        status = null; // as for any destination that gave no answer
        return result(false, blocked);
      }
      let res = await probe(current, 'HEAD', dispatcher, timeoutMs, opts.signal);
      if (needsGet(res.status)) res = await probe(current, 'GET', dispatcher, timeoutMs, opts.signal);
      status = res.status;
      if (!REDIRECT_STATUSES.has(status) || res.location === undefined) {
        return status < 400 ? result(true, null) : result(false, `HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trim());
      }
      if (redirects === MAX_REDIRECTS) return result(false, 'too many redirects');
      const next = parseHttpUrl(res.location, current);
      if (typeof next === 'string') return result(false, `redirect to ${res.location}: ${next}`);
      current = next;
      redirects++;
    }
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    status = null;
    return result(false, err instanceof HopTimeout ? `timed out after ${timeoutMs} ms` : describeError(err, timeoutMs));
  }
}

/**
 * IP literals are judged here (connect does no lookup for them); names are
 * judged by the pool's lookup when it connects, or here when the pool is the
 * caller's own. Redirect targets come through this too, hop by hop.
 */
async function egressBlock(hostname: string, egress: EgressPolicy, ownPool: boolean): Promise<string | undefined> {
  if (egress.allowPrivate) return undefined;
  const literal = ipLiteral(hostname);
  if (literal !== undefined) return blockReason(literal, egress);
  if (!ownPool) return undefined;
  try {
    await resolveAllowed(hostname, egress);
    return undefined;
  } catch (err) {
    if (err instanceof EgressBlocked) return err.message;
    throw err;
  }
}

function parseHttpUrl(raw: string, base?: URL): URL | string {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    return 'invalid URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `unsupported scheme (${u.protocol})`;
  u.hash = ''; // fragments never go on the wire
  return u;
}

class HopTimeout extends Error {}

async function probe(
  url: URL,
  method: 'HEAD' | 'GET',
  dispatcher: Dispatcher,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ status: number; location: string | undefined }> {
  // undici's own timeouts do not cover a body that trickles in forever, and the
  // Agent's connect timeout is fixed at construction: one timer bounds the whole hop.
  const timer = new AbortController();
  const t = setTimeout(() => timer.abort(new HopTimeout()), timeoutMs);
  try {
    const res = await request(url, dispatcher, {
      method,
      headers: REQUEST_HEADERS,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal,
    });
    const location = res.headers.location;
    // Reading a small body to its end lets the connection be reused; a larger
    // one is cut off after the prefix, which also closes its socket.
    await res.body.dump({ limit: BODY_PREFIX_BYTES }).catch(() => undefined);
    return { status: res.statusCode, location: Array.isArray(location) ? location[0] : location };
  } finally {
    clearTimeout(t);
  }
}
