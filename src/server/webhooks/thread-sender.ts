import { Worker } from 'node:worker_threads';
import type { Send, SendRequest } from './delivery-lanes.js';
import type { AttemptOutcome } from './send-delivery.js';
import { threadScript, type ThreadData, type ThreadMessage } from './thread-script.js';

/**
 * Sending in a thread of its own, for a server whose database is in memory (no other
 * connection can open it): the lanes run beside the requests and hand each POST, its
 * signing and its answer to the thread. Started with the first delivery.
 */
export function threadSender(
  data: Omit<ThreadData, 'role' | 'wake' | 'path'>,
  logError: (message: string) => void,
): { send: Send; close(): Promise<void> } {
  let worker: Worker | undefined;
  let next = 0;
  const waiting = new Map<number, (outcome: AttemptOutcome) => void>();
  let closed: Promise<void> = Promise.resolve();

  const start = (): Worker => {
    const w = new Worker(threadScript(), { workerData: { ...data, role: 'send' } });
    w.unref();
    closed = new Promise<void>((resolve) => {
      w.on('message', (m: ThreadMessage) => {
        if (m.type === 'outcome') {
          waiting.get(m.id)?.(m.outcome);
          waiting.delete(m.id);
        } else if (m.type === 'error') logError(m.message);
        else if (m.type === 'closed') resolve();
      });
      w.on('error', (err) => logError(err.stack ?? err.message));
      w.on('exit', () => {
        // Attempts under way fail (and are retried) if the thread ends under them.
        if (worker === w) worker = undefined;
        for (const [id, answer] of waiting) {
          answer({ ok: false, status: null, error: 'not sent: the sending thread stopped' });
          waiting.delete(id);
        }
        resolve();
      });
    });
    return w;
  };

  return {
    send: (request: SendRequest) =>
      new Promise<AttemptOutcome>((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        (worker ??= start()).postMessage({ type: 'send', id, request });
      }),
    async close() {
      const w = worker;
      if (w === undefined) return;
      worker = undefined;
      w.postMessage({ type: 'close' });
      await closed;
      await w.terminate();
    },
  };
}
