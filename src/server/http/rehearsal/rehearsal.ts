import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { dropUnreadBody } from '../drop-unread-body.js';
import { sendJson } from '../respond.js';
import type { FaultRule, RateLimit } from './parse-spec.js';
import { seededRandom } from './random.js';
import { createRateLimiter } from './rate-limiter.js';
import { clientAddress } from '../client-address.js';

export interface RehearsalOptions {
  rateLimit?: RateLimit;
  faults?: FaultRule[];
  /** Makes the fault sequence reproducible. */
  seed?: number;
  /** Milliseconds since the epoch; the rate limiter's clock. */
  now?: () => number;
}

/** Runs before an API request reaches its handler; resolves true when it answered (or dropped) the request. */
export type Rehearsal = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

const MESSAGES: Record<number, string> = { 429: 'Too Many Attempts.' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What the hosted service does under load and faults, for rehearsing scripts: injected
 * faults first (as a proxy in front would), then the per-key rate limit. Nothing runs
 * when no switch is given.
 */
export function createRehearsal(options: RehearsalOptions): Rehearsal | undefined {
  const faults = options.faults ?? [];
  if (!options.rateLimit && faults.length === 0) return undefined;
  const random = seededRandom(options.seed);
  const limiter = options.rateLimit ? createRateLimiter(options.rateLimit, options.now ?? Date.now) : undefined;
  const delays = faults.filter((r): r is Extract<FaultRule, { kind: 'delay' }> => r.kind === 'delay');
  const terminal = faults.filter((r) => r.kind !== 'delay');

  return async (req, res) => {
    // Draws happen in arrival order, before any await, so a seed replays the same sequence.
    const delayMs = delays.reduce((sum, rule) => sum + (random() < rule.rate ? rule.ms : 0), 0);
    const fault = terminal.length ? pick(terminal, random()) : undefined;
    if (delayMs > 0) await sleep(delayMs);
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return true;
    }
    if (fault?.kind === 'status') {
      const headers: Record<string, string> =
        fault.status === 429 || fault.status === 503 ? { 'retry-after': String(fault.retryAfter ?? 1) } : {};
      refuse(req, res, fault.status, headers);
      return true;
    }
    if (limiter) {
      const decision = limiter(rateKey(req));
      if (!decision.allowed) {
        refuse(req, res, 429, decision.headers);
        return true;
      }
      for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
    }
    return false;
  };
}

function pick(rules: Array<Exclude<FaultRule, { kind: 'delay' }>>, draw: number) {
  let edge = 0;
  for (const rule of rules) {
    edge += rule.rate;
    if (draw < edge) return rule;
  }
  return undefined;
}

function refuse(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>): void {
  if (!req.complete) dropUnreadBody(req, res);
  sendJson(res, status, { message: MESSAGES[status] ?? STATUS_CODES[status] ?? 'Error' }, headers);
}

/** Per API key, as the hosted service counts; requests without one share their address's budget. */
function rateKey(req: IncomingMessage): string {
  const auth = req.headers.authorization;
  return auth ? `key:${auth}` : `ip:${clientAddress(req.socket)}`;
}
