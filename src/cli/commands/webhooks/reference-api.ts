import type { z } from 'zod';
import type { ApiClient } from '../../../client/api-client.js';
import { readText, toApiError } from '../../../client/api-client.js';
import { ResponseShapeError } from '../../../client/errors.js';
import { UsageError } from '../../errors.js';

/** Where a hosted portal's webhooks are set up: it has no management API for them. */
export const HOSTED_WEBHOOKS =
  "this portal's webhooks are configured in its Settings → API & Webhooks page (the API has no webhook operations); fp webhooks list/add/remove/deliveries/resend/trigger work against `fp server`";

/** True when the portal has the reference server's `/__reference/webhooks` (a hosted portal answers 404). */
export async function isReferenceServer(client: ApiClient): Promise<boolean> {
  const res = await client.send('GET', '/__reference/webhooks', { allowErrors: true });
  await res.body.dump();
  return res.status !== 404;
}

/**
 * One call of the reference server's webhook and events routes, its answer checked with the
 * contract's schema. A 404 from a portal without those routes (the hosted service) is a usage
 * error saying where webhooks are configured there (exit 2).
 */
export async function referenceCall<T extends z.ZodType>(
  client: ApiClient,
  method: string,
  path: string,
  schema: T,
  body?: unknown,
): Promise<z.output<T>> {
  const res = await client.send(method, path, { allowErrors: true, ...(body !== undefined && { body }) });
  if (res.status >= 400) {
    const err = await toApiError(res);
    if (res.status === 404 && !(await isReferenceServer(client))) throw new UsageError(HOSTED_WEBHOOKS);
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(await readText(res));
  } catch {
    throw new ResponseShapeError(`unexpected response from ${method} ${path}: not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ResponseShapeError(`unexpected response from ${method} ${path}: ${parsed.error.issues[0].message}`);
  }
  return parsed.data;
}
