import type { ApiClient } from '../client/api-client.js';
import { ApiError } from '../client/errors.js';
import { referenceEndpoints, type ReferenceOperationName } from '../contract/reference-endpoints.js';

/** Where a hosted portal's webhooks are set up: it has no management API for them. */
const HOSTED_WEBHOOKS =
  "this portal's webhooks are configured in its Settings → API & Webhooks page (the API has no webhook operations); fp webhooks list/add/remove/deliveries/resend/trigger work against `fp server`";

/**
 * True when the portal has the reference server's routes (a hosted portal answers 404): a 404 to
 * one of them then means the item it named is missing.
 */
export async function isReferenceServer(client: ApiClient): Promise<boolean> {
  const res = await client.send('GET', referenceEndpoints['webhooks.list'].path, { allowErrors: true });
  await res.body.dump();
  return res.status !== 404;
}

/**
 * True when `err`, answering a reference operation, is the 404 of a portal without the reference
 * routes rather than of a missing item. The client is asked for only when the answer was a 404.
 */
export async function routesMissing(err: unknown, client: () => Promise<ApiClient>): Promise<boolean> {
  return err instanceof ApiError && err.status === 404 && !(await isReferenceServer(await client()));
}

/** What a verb of a reference operation says (a usage error, exit 2) to a portal without the reference routes. */
export function notOffered(name: ReferenceOperationName): string {
  if (name.startsWith('webhooks.') || name.startsWith('events.')) return HOSTED_WEBHOOKS;
  return `this portal is not fp's reference server: ${name} works against \`fp server\``;
}
