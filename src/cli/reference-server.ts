import type { z } from 'zod';
import type { ApiClient, EndpointArgs } from '../../../client/api-client.js';
import { ApiError } from '../../../client/errors.js';
import {
  referenceEndpoints,
  type ReferenceEndpoints,
  type ReferenceOperationName,
} from '../../../contract/reference-endpoints.js';
import { UsageError } from '../../errors.js';

/** Where a hosted portal's webhooks are set up: it has no management API for them. */
export const HOSTED_WEBHOOKS =
  "this portal's webhooks are configured in its Settings → API & Webhooks page (the API has no webhook operations); fp webhooks list/add/remove/deliveries/resend/trigger work against `fp server`";

/** True when the portal has the reference server's webhook routes (a hosted portal answers 404). */
export async function isReferenceServer(client: ApiClient): Promise<boolean> {
  const res = await client.send('GET', referenceEndpoints['webhooks.list'].path, { allowErrors: true });
  await res.body.dump();
  return res.status !== 404;
}

/**
 * One call of the reference server's webhook and events routes, as the client calls any
 * operation of a table. A 404 from a portal without those routes (the hosted service) is a
 * usage error saying where webhooks are configured there (exit 2).
 */
export async function referenceCall<K extends ReferenceOperationName>(
  client: ApiClient,
  name: K,
  args: EndpointArgs = {},
): Promise<z.output<ReferenceEndpoints[K]['response']>> {
  try {
    return (await client.callEndpoint(referenceEndpoints[name], args)) as z.output<ReferenceEndpoints[K]['response']>;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && !(await isReferenceServer(client))) {
      throw new UsageError(HOSTED_WEBHOOKS);
    }
    throw err;
  }
}
