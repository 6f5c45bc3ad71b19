import type { EgressPolicy } from '../../src/server/egress/egress-guard.js';
import { inProcessLanes } from '../../src/server/webhooks/deliveries.js';
import type { DeliveryLanes } from '../../src/server/webhooks/delivery-lanes.js';
import { localSender } from '../../src/server/webhooks/local-sender.js';
import { webhookEgressPolicy } from '../../src/server/webhooks/target-policy.js';
import type { Store } from '../../src/server/store/store.js';

export interface TestDeliveries {
  lanes: DeliveryLanes;
  close(): Promise<void>;
}

/**
 * The delivery lanes on a test server's store, sending from the test's own thread (the
 * server runs them in a thread of their own; the rules are the same), woken by each commit.
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
  const running = inProcessLanes(
    store,
    localSender({ egress: opts.egress ?? webhookEgressPolicy({}), timeoutMs: opts.timeoutMs }),
    {
      retryScheduleS: opts.schedule ?? [0.01, 0.01],
      backlogLimit: opts.backlogLimit,
      now: opts.now,
      logError: (err) => {
        throw err;
      },
    },
  );
  const unsubscribe = store.onCommit(({ lazyOnly }) => running.committed(lazyOnly));
  return {
    lanes: running.lanes,
    async close() {
      unsubscribe();
      await running.close();
    },
  };
}
