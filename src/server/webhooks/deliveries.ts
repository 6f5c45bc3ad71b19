import type { Sql } from '../store/sql.js';
import type { Store } from '../store/store.js';
import { DeliveryLanes, type Send } from './delivery-lanes.js';
import { startDeliveryThread, type DeliveryThread } from './delivery-thread.js';
import { storeQueue } from './queue-store.js';
import { threadSender } from './thread-sender.js';

export interface DeliveriesOptions {
  store: Store;
  /** `--allow-private-links`: the delivery thread builds its egress guard from it. */
  allowPrivateLinks?: boolean;
  /** Retry delays in seconds (`--webhook-retry-schedule`). */
  retryScheduleS?: number[];
  logError?: (err: unknown) => void;
}

interface Running {
  /** After a commit of the server's (`lazyOnly`: only unhurried writes, such as the lanes' own here). */
  committed(lazyOnly: boolean): void;
  close(): Promise<void>;
}

/** A thread that ended by an error is started again at most this often. */
const RESTART_MS = 1000;

/**
 * Webhook delivery for a running server, off the thread that answers requests
 * (D-WEBHOOK-WORKER). Nothing starts until the store has an endpoint (most servers never
 * have one; start-up stays as it was): then, on a database file, a thread with its own
 * connection sends, retries and logs; in memory, the lanes run here and a thread sends.
 * Each commit of the server wakes it; what waited before a restart goes out when it starts.
 */
export function startDeliveries(opts: DeliveriesOptions): { close(): Promise<void> } {
  const { store } = opts;
  const logError = opts.logError ?? ((err: unknown) => console.error(err));
  const file = databaseFile(store.sql);
  let running: Running | undefined;
  let thread: DeliveryThread | undefined;
  let startedAt = -Infinity;
  let closed = false;

  const begin = () => {
    if (closed || !hasEndpoint(store.sql)) return;
    if (Date.now() < startedAt + RESTART_MS) return;
    startedAt = Date.now();
    if (file === undefined) {
      running = inMemory(store, opts, logError);
      return;
    }
    const started = (thread = onFile(store, file, opts, logError));
    running = { committed: () => started.committed(), close: () => started.close() };
  };
  const unsubscribe = store.onCommit(({ lazyOnly }) => {
    if (thread !== undefined && !thread.alive) running = thread = undefined;
    if (running === undefined) begin();
    else running.committed(lazyOnly);
  });
  begin();
  return {
    async close() {
      closed = true;
      unsubscribe();
      await running?.close();
    },
  };
}

function onFile(
  store: Store,
  file: { path: string; scratch: boolean },
  opts: DeliveriesOptions,
  logError: (err: unknown) => void,
): DeliveryThread {
  // The thread's commits take the write lock for a moment; a request that finds it taken waits.
  store.sql.exec('PRAGMA busy_timeout = 5000');
  return startDeliveryThread(
    {
      path: file.path,
      scratch: file.scratch,
      allowPrivateLinks: opts.allowPrivateLinks === true,
      retryScheduleS: opts.retryScheduleS,
    },
    logError,
  );
}

function inMemory(store: Store, opts: DeliveriesOptions, logError: (err: unknown) => void): Running {
  const sender = threadSender({ allowPrivateLinks: opts.allowPrivateLinks === true }, logError);
  return inProcessLanes(store, sender, { retryScheduleS: opts.retryScheduleS, logError });
}

/** The lanes on the server's own store, sending with `sender`; woken by the caller. */
function inProcessLanes(
  store: Store,
  sender: { send: Send; close(): Promise<void> },
  opts: {
    retryScheduleS?: readonly number[];
    backlogLimit?: number;
    now?: () => Date;
    logError?: (err: unknown) => void;
  },
): Running {
  const lanes = new DeliveryLanes({ queue: storeQueue(store), send: sender.send, ...opts });
  lanes.wake();
  return {
    committed: (lazyOnly) => {
      if (!lazyOnly) lanes.wake();
    },
    async close() {
      const ended = lanes.close();
      await sender.close();
      await ended;
    },
  };
}

/** The store's database file, and whether it is this run's alone (no syncs); undefined in memory. */
function databaseFile(sql: Sql): { path: string; scratch: boolean } | undefined {
  const main = sql.all<{ name: string; file: string }>('PRAGMA database_list').find((d) => d.name === 'main');
  if (!main?.file) return undefined;
  return { path: main.file, scratch: Number(sql.value('PRAGMA synchronous')) === 0 };
}

const hasEndpoint = (sql: Sql): boolean => sql.value('SELECT 1 FROM webhook_endpoints LIMIT 1') !== undefined;
