// The webhook delivery thread (dist/webhook-thread.cjs): sending, retries, timeouts and the
// delivery log, apart from the thread that answers requests (D-WEBHOOK-WORKER).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../store/database.js';
import { Sql } from '../store/sql.js';
import { DeliveryLanes } from './delivery-lanes.js';
import { localSender } from './local-sender.js';
import { ConnectionQueue } from './queue-store.js';
import { webhookEgressPolicy } from './target-policy.js';
import type { ThreadData, ThreadMessage } from './thread-script.js';
import { WAKE } from './write-turn.js';

type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };

/**
 * Requests come first: this thread runs at a lower priority than the one that answers them
 * (Linux: a thread's own nice value; 5 weighs a third of 0), so when the processor is short the
 * requests get most of it and deliveries still go on; an idle processor runs them at full speed.
 */
function yieldToRequests(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), NICE);
  } catch {
    // Elsewhere the thread keeps the server's priority.
  }
}

const NICE = 5;

const data = workerData as ThreadData;
yieldToRequests();
const port = parentPort!;
const tell = (message: ThreadMessage) => port.postMessage(message);
const report = (err: unknown) =>
  tell({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
// The egress guard is this thread's own: every connection is judged here, at the time it is made.
const sender = localSender({
  egress: webhookEgressPolicy({ allowPrivateLinks: data.allowPrivateLinks }),
  timeoutMs: data.timeoutMs,
});

if (data.role === 'send') {
  port.on(
    'message',
    (m: { type: 'send'; id: number; request: Parameters<typeof sender.send>[0] } | { type: 'close' }) => {
      if (m.type === 'send') {
        void sender.send(m.request).then((outcome) => tell({ type: 'outcome', id: m.id, outcome }));
      } else {
        void sender.close().then(() => tell({ type: 'closed' }));
      }
    },
  );
} else {
  const db = openDatabase(data.path!, { scratch: data.scratch });
  // The server's requests write the same file. An outcome need not be synced: lost with the machine's power, its delivery is sent again (at least once).
  // The lock is handed over by the server (write-turn.ts): this connection does not wait for it.
  db.exec('PRAGMA busy_timeout = 0');
  if (!data.scratch) db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA cache_size = -4000');
  const shared = new Int32Array(data.shared!);
  const queue = new ConnectionQueue(new Sql(db), shared, report);
  const lanes = new DeliveryLanes({
    queue,
    send: sender.send,
    retryScheduleS: data.retryScheduleS,
    backlogLimit: data.backlogLimit,
    logError: report,
  });
  let closing = false;
  const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;
  void (async () => {
    let seen = Atomics.load(shared, WAKE);
    lanes.wake();
    while (!closing) {
      const waited = waitAsync(shared, WAKE, seen);
      if (waited.async) await waited.value;
      seen = Atomics.load(shared, WAKE);
      lanes.wake();
    }
  })();
  port.on('message', (m: { type: 'close' }) => {
    if (m.type !== 'close' || closing) return;
    closing = true;
    const ended = lanes.close();
    void sender
      .close()
      .then(() => ended)
      .then(() => {
        queue.flush();
        db.close();
        tell({ type: 'closed' });
      });
  });
}
