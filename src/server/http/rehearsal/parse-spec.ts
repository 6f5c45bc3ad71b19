/** The rehearsal switches of `fp server`, parsed. A bad spec is a RehearsalSpecError naming what is wrong. */

export class RehearsalSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RehearsalSpecError';
  }
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export type FaultRule =
  | {
      kind: 'status';
      status: number;
      rate: number;
      /** Retry-After seconds on 429 and 503 (1 unless given). */ retryAfter?: number;
    }
  | { kind: 'reset'; rate: number }
  | { kind: 'delay'; ms: number; rate: number };

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** `120/60s`: at most N requests per key in each WINDOW (`500ms`, `60s`, `1m`, `1h`; a bare number is seconds). */
export function parseRateLimit(spec: string): RateLimit {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)(ms|[smh])?$/.exec(spec.trim());
  if (!m) throw new RehearsalSpecError(`invalid rate limit "${spec}": expected N/WINDOW like 120/60s`);
  const limit = Number(m[1]);
  const windowMs = Number(m[2]) * UNIT_MS[(m[3] ?? 's') as keyof typeof UNIT_MS];
  if (limit < 1) throw new RehearsalSpecError(`invalid rate limit "${spec}": N must be at least 1`);
  if (!Number.isInteger(windowMs) || windowMs < 1) {
    throw new RehearsalSpecError(`invalid rate limit "${spec}": the window must be at least 1ms`);
  }
  return { limit, windowMs };
}

/**
 * `503:0.1,429:0.05:0,reset:0.01,delay:200:0.5` (`429:0.05:0`: with `Retry-After: 0`). Status and reset rules share one draw per
 * request, so their rates may add up to at most 1; each delay rule draws on its own.
 */
export function parseFaults(spec: string): FaultRule[] {
  const parts = spec.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) {
    throw new RehearsalSpecError(`invalid fault spec "${spec}": expected rules like 503:0.1,reset:0.05,delay:200:0.5`);
  }
  const rules = parts.map(parseRule);
  const terminal = rules.filter((r) => r.kind !== 'delay').reduce((sum, r) => sum + r.rate, 0);
  if (terminal > 1 + 1e-9) {
    throw new RehearsalSpecError(
      `invalid fault spec "${spec}": the status and reset rates add up to ${round(terminal)}, more than 1`,
    );
  }
  return rules;
}

export function parseFaultSeed(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) > 0xffffffff) {
    throw new RehearsalSpecError(`invalid fault seed "${value}": expected an integer from 0 to 4294967295`);
  }
  return Number(value);
}

function parseRule(rule: string): FaultRule {
  const fields = rule.split(':');
  const bad = (why: string) => new RehearsalSpecError(`invalid fault rule "${rule}": ${why}`);
  if (fields[0] === 'reset') {
    if (fields.length !== 2) throw bad('expected reset:RATE');
    return { kind: 'reset', rate: parseRate(fields[1], bad) };
  }
  if (fields[0] === 'delay') {
    if (fields.length !== 3) throw bad('expected delay:MS:RATE');
    if (!/^\d+$/.test(fields[1])) throw bad('MS must be a whole number of milliseconds');
    return { kind: 'delay', ms: Number(fields[1]), rate: parseRate(fields[2], bad) };
  }
  if (fields.length !== 2 && fields.length !== 3)
    throw bad('expected STATUS:RATE[:RETRY_AFTER], reset:RATE or delay:MS:RATE');
  if (!/^\d{3}$/.test(fields[0]) || Number(fields[0]) < 400 || Number(fields[0]) > 599) {
    throw bad('STATUS must be an error status from 400 to 599');
  }
  const fault = { kind: 'status' as const, status: Number(fields[0]), rate: parseRate(fields[1], bad) };
  if (fields.length === 2) return fault;
  if (fault.status !== 429 && fault.status !== 503) throw bad('only 429 and 503 answers carry a Retry-After');
  if (!/^\d+$/.test(fields[2])) throw bad('RETRY_AFTER must be a whole number of seconds');
  return { ...fault, retryAfter: Number(fields[2]) };
}

function parseRate(text: string, bad: (why: string) => Error): number {
  const rate = Number(text);
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(text) || rate > 1)
    throw bad(`RATE must be a number from 0 to 1, got "${text}"`);
  return rate;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
