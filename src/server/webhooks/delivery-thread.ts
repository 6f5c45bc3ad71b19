import { Worker } from 'node:worker_threads';
import { threadScript, type ThreadData, type ThreadMessage } from './thread-script.js';
import { giveTurn, SHARED_SLOTS, WAKE } from './write-turn.js';

export interface DeliveryThread {
  /** After a commit of the server's: new deliveries may be waiting, and the thread may wait for the write lock. */
  committed(): void;
  /** False once the thread has stopped (closed, or ended by an error). */
  readonly alive: boolean;
  close(): Promise<void>;
}

/** How long a closing thread may take to finish what it writes before it is stopped. */
const CLOSE_WAIT_MS = 5000;

/**
 * Starts the delivery thread on the server's database file: it opens its own connection and
 * sends, retries and logs there. The server wakes it after each commit by counting up a
 * shared number (no message, nothing to copy), and hands it the write lock then when it
 * waits for it.
 */
export function startDeliveryThread(
  data: Omit<ThreadData, 'role' | 'shared'>,
  logError: (message: string) => void,
): DeliveryThread {
  const shared = new Int32Array(new SharedArrayBuffer(SHARED_SLOTS * 4));
  const worker = new Worker(threadScript(), { workerData: { ...data, role: 'deliver', shared: shared.buffer } });
  // The server's listeners keep the process running; the thread never does by itself.
  worker.unref();
  let alive = true;
  let closing = false;
  const closed = new Promise<void>((resolve) => {
    worker.on('message', (m: ThreadMessage) => {
      if (m.type === 'error') logError(m.message);
      if (m.type === 'closed') resolve();
    });
    worker.on('error', (err) => logError(err.stack ?? err.message));
    worker.on('exit', (code) => {
      alive = false;
      if (!closing) logError(`the webhook delivery thread stopped (exit code ${code})`);
      resolve();
    });
  });
  return {
    get alive() {
      return alive;
    },
    committed() {
      Atomics.add(shared, WAKE, 1);
      Atomics.notify(shared, WAKE);
      giveTurn(shared);
    },
    async close() {
      if (!alive) return;
      closing = true;
      worker.postMessage({ type: 'close' });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
