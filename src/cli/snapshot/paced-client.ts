import { ApiError, type ApiClient } from '../../client/api-client.js';
import type { Clock } from './pacer.js';
import { realClock, type Pacer } from './pacer.js';

export interface PacedClient {
  /** The same client: every `call` and `send` waits for the pacer and is counted. */
  client: ApiClient;
  requests(): number;
}

/** Attempts of one request that keeps answering 429 after the client's own retries. */
const RATE_LIMITED_ATTEMPTS = 5;

/**
 * Wraps an ApiClient so the pagination helpers and every other caller go
 * through one pacer. A 429 that outlasts the client's own retries holds the
 * pacer for the answer's `Retry-After` (or one window when it names none) and
 * tries again, a bounded number of times.
 */
export function pacedClient(
  inner: ApiClient,
  pacer: Pacer,
  opts: { startCount?: number; onWait?: (seconds: number) => void; clock?: Clock } = {},
): PacedClient {
  let count = opts.startCount ?? 0;
  const clock = opts.clock ?? realClock;
  const gated = async <T>(send: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      await pacer.take();
      count++;
      try {
        return await send();
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 429 || attempt >= RATE_LIMITED_ATTEMPTS) throw err;
        const waitMs = retryAfterMs(err) ?? pacer.rate?.windowMs ?? 60_000;
        opts.onWait?.(Math.ceil(waitMs / 1000));
        pacer.holdFor(waitMs);
        await clock.sleep(waitMs);
      }
    }
  };
  const client = Object.create(inner) as ApiClient;
  client.call = ((name, args) => gated(() => inner.call(name, args))) as ApiClient['call'];
  client.send = ((method, path, o) => gated(() => inner.send(method, path, o))) as ApiClient['send'];
  return { client, requests: () => count };
}

/** `Retry-After` when the error carries the answer's headers (seconds), else undefined. */
function retryAfterMs(err: ApiError): number | undefined {
  const headers = (err as { headers?: Record<string, unknown> }).headers;
  const value = Number(headers?.['retry-after']);
  return Number.isFinite(value) && value > 0 ? Math.min(value, 3600) * 1000 : undefined;
}
