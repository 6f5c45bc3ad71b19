import { createGuardedAgent } from '../egress/guarded-agent.js';
import type { EgressPolicy } from '../egress/egress-guard.js';
import type { Send } from './delivery-lanes.js';
import { DELIVERY_TIMEOUT_MS, sendDelivery } from './send-delivery.js';

/**
 * Sends deliveries from this thread through a pool that connects only where the egress
 * policy allows, judged again at every connection (a name that now resolves elsewhere is
 * refused then). Each endpoint has one delivery under way at most, so one connection.
 */
export function localSender(opts: { egress: EgressPolicy; timeoutMs?: number }): {
  send: Send;
  /** Ends the attempts under way (they fail, unwritten) and the pool. */
  close(): Promise<void>;
} {
  const dispatcher = createGuardedAgent(opts.timeoutMs ?? DELIVERY_TIMEOUT_MS, opts.egress);
  return {
    send: (request) => sendDelivery({ ...request, dispatcher, egress: opts.egress, timeoutMs: opts.timeoutMs }),
    close: () => dispatcher.destroy().catch(() => undefined),
  };
}
