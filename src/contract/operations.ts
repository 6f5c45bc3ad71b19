import { endpoints, type Endpoints, type OperationName } from './endpoints.js';
import { referenceEndpoints, type ReferenceEndpoints, type ReferenceOperationName } from './reference-endpoints.js';

/** Every operation fp knows by name: the API's (endpoints.ts) and the reference server's own routes. */
export type AllEndpoints = Endpoints & ReferenceEndpoints;

/** An operation of either table: `comments.delete`, `webhooks.delete`. */
export type AnyOperationName = OperationName | ReferenceOperationName;

/** True for an operation of the reference server's own table (the hosted service has none of them). */
export const isReferenceOperation = (name: AnyOperationName): name is ReferenceOperationName =>
  Object.hasOwn(referenceEndpoints, name);

/**
 * The entry of an operation of either table, by its name: how the client calls it and the
 * command line derives a verb from it. The tables name different operations (a test holds it).
 */
export function operation<K extends AnyOperationName>(name: K): AllEndpoints[K] {
  const table: Record<string, unknown> = isReferenceOperation(name) ? referenceEndpoints : endpoints;
  return table[name] as AllEndpoints[K];
}
