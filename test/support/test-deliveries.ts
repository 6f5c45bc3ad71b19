import type { EgressPolicy } from '../../src/server/egress/egress-guard.js';
import { DeliveryLanes } from '../../src/server/webhooks/delivery-lanes.js';
import { localSender } from '../../src/server/webhooks/local-sender.js';
import { storeQueue } from '../../src/server/webhooks/queue-store.js';
import { webhookEgressPolicy } from '../../src/server/webhooks/target-policy.js';
import type { Store } from '../../src/server/store/store.js';

export interface TestDeliveries {
  lanes: DeliveryLanes;
  close(): Promise<void>;
}

/**
 * The delivery lanes on a test server's store, sending from the test's own thread (the
 * server runs them in a thread of their own, or on its store in memory; the rules are the
 * same), woken by each commit.
 */
export function startTestDeliveries(
  store: Store,
  opts: {
    egress?: EgressPolicy;
    schedule?: number[];
    timeoutMs?: number;
    backlogLimit?: number;
    now?: () => Date;
  } = {},
): TestDeliveries {
  const sender = localSender({ egress: opts.egress ?? webhookEgressPolicy({}), timeoutMs: opts.timeoutMs });
  const lanes = new DeliveryLanes({
    queue: storeQueue(store),
    send: sender.send,
    retryScheduleS: opts.schedule ?? [0.01, 0.01],
    backlogLimit: opts.backlogLimit,
    now: opts.now,
    logError: (err) => {
      throw err;
    },
  });
  lanes.wake();
  // As the server's own lanes: woken by every commit but one of unhurried writes only.
  const unsubscribe = store.onCommit(({ lazyOnly }) => {
    if (!lazyOnly) lanes.wake();
  });
  return {
    lanes,
    async close() {
      unsubscribe();
      const ended = lanes.close();
      await sender.close();
      await ended;
    },
  };
}
