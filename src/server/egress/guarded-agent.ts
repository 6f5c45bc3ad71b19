import type { Agent as UndiciAgent } from 'undici';
import { Agent } from '../../client/undici-parts.js';
import { guardedLookup, type EgressPolicy } from './egress-guard.js';

/** A pool whose connections go only where `egress` allows (every address of a name is vetted at connect time). */
export function createGuardedAgent(timeoutMs: number, egress: EgressPolicy = {}): UndiciAgent {
  const lookup = egress.allowPrivate ? undefined : guardedLookup(egress);
  return new Agent({ connect: { timeout: timeoutMs, lookup }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
}
