import { encodeQuery, readText, type ApiClient } from '../../client/api-client.js';
import { buildPath, type Assumed, type Endpoint } from '../../contract/endpoints.js';
import { compareAnswer, type Differences } from './compare-answer.js';
import { argumentsFor, learn, type Samples } from './drift-targets.js';

/** What drift found for one operation. */
export interface OperationDrift extends Partial<Differences> {
  operation: string;
  method: string;
  /** The request made (path and query), when one was. */
  request?: string;
  /**
   * `ok`: the answer is what the contract says; `drift`: it differs; `not-offered`: the portal
   * answered 404 (D-DRIFT-NOT-OFFERED); `skipped`: no earlier answer gave a parameter to ask with;
   * `failed`: another error answer, or a body that is not JSON.
   */
  outcome: 'ok' | 'drift' | 'not-offered' | 'skipped' | 'failed';
  /** The HTTP status of the answer. */
  status?: number;
  /** Why the operation was skipped or failed. */
  reason?: string;
  /** Set for the operations whose shape is assumed (beyond the specification). */
  assumed?: Assumed;
}

/**
 * Reads each operation once through `client` (paced by the caller) and compares each answer with
 * the contract; the lists come first and lend the gets their parameters (D-DRIFT-SAMPLES).
 */
export async function readDrift(
  client: ApiClient,
  operations: readonly Endpoint[],
  onOperation?: (done: number, of: number) => void,
): Promise<OperationDrift[]> {
  const samples: Samples = {};
  const results: OperationDrift[] = [];
  for (const e of operations) {
    results.push(await readOne(client, e, samples));
    onOperation?.(results.length, operations.length);
  }
  return results;
}

async function readOne(client: ApiClient, e: Endpoint, samples: Samples): Promise<OperationDrift> {
  const base = { operation: e.name, method: e.method, ...(e.assumed && { assumed: e.assumed }) };
  const args = argumentsFor(e, samples);
  if ('missing' in args) return { ...base, outcome: 'skipped', reason: `no ${args.missing} to ask with` };
  const request = buildPath(e.path, args.params) + encodeQuery(args.query);
  const res = await client.send('GET', request, { allowErrors: true });
  const text = await readText(res);
  const at = { ...base, request, status: res.status };
  if (res.status === 404 && (!e.params || !/No query results for model/.test(text)))
    return { ...at, outcome: 'not-offered' };
  if (res.status !== 200) return { ...at, outcome: 'failed', reason: `answered ${res.status}: ${text.slice(0, 200)}` };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return { ...at, outcome: 'failed', reason: 'the answer is not JSON' };
  }
  learn(samples, e.name, answer);
  const differences = compareAnswer(e.response, answer);
  const differs = differences.unknown.length + differences.missing.length + differences.mismatched.length > 0;
  return { ...at, outcome: differs ? 'drift' : 'ok', ...differences };
}
