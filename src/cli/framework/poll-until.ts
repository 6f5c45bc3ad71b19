import { setTimeout as sleep } from 'node:timers/promises';
import { GaveUpWaiting } from '../errors.js';

/** How long a `--wait` waits when `--timeout` does not say: long enough for a big knowledge base. */
export const DEFAULT_WAIT_MS = 30 * 60 * 1000;

/** Polls in a row without progress after which a wait gives up (`--stall-limit`). */
export const DEFAULT_STALL_LIMIT = 120;

export interface PollOptions<T> {
  /** The state already read (the answer that started the work). */
  first: T;
  /** Reads the state again. */
  next(): Promise<T>;
  /** The work is over (done or failed): stop polling. */
  ended(state: T): boolean;
  /** What counts as progress: the wait gives up when this stays the same `stallLimit` polls in a row. */
  progressOf(state: T): string;
  /** Each state read, the first included. */
  onState?(state: T): void;
  intervalMs: number;
  /** The whole wait, from the first poll on. */
  deadlineMs: number;
  stallLimit: number;
  /** Names the work and how to go on waiting, for the error that gives up (`scan 1f2e…`). */
  describe(state: T): { what: string; resume: string };
  now?: () => number;
}

/**
 * Every wait has an end: polls until the work ends, or gives up with GaveUpWaiting when
 * the deadline passes or the progress has not moved for `stallLimit` polls. The work
 * itself goes on; the error says how to resume waiting for it.
 */
export async function pollUntil<T>(opts: PollOptions<T>): Promise<T> {
  const now = opts.now ?? Date.now;
  const deadline = now() + opts.deadlineMs;
  let state = opts.first;
  let still = 0;
  opts.onState?.(state);
  while (!opts.ended(state)) {
    if (now() + opts.intervalMs >= deadline)
      throw gaveUp(opts, state, `after ${duration(opts.deadlineMs)} (--timeout)`);
    await sleep(opts.intervalMs);
    const before = opts.progressOf(state);
    state = await opts.next();
    opts.onState?.(state);
    still = opts.progressOf(state) === before ? still + 1 : 0;
    if (still >= opts.stallLimit && !opts.ended(state)) {
      throw gaveUp(opts, state, `its progress has not moved for ${still} polls (--stall-limit)`);
    }
  }
  return state;
}

function gaveUp<T>(opts: PollOptions<T>, state: T, why: string): GaveUpWaiting {
  const { what, resume } = opts.describe(state);
  return new GaveUpWaiting(`gave up waiting for ${what}: ${why}`, `it goes on; resume waiting with: ${resume}`);
}

/** `30 min`, `90 s`, `500 ms`. */
export function duration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000) return `${Math.round(ms / 100) / 10} s`;
  return `${ms} ms`;
}
