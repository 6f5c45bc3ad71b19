import type { ApiClient } from '../../client/api-client.js';
import { ApiError, ResponseShapeError } from '../../client/errors.js';
import { referenceEndpoints } from '../../contract/reference-endpoints.js';
import type { NamedItem, NamedList } from '../../contract/schemas/named-lists.js';

/**
 * Tabs, sections, statuses or tags of the portal, from the reference server's inspection
 * endpoint (`reference.<list>` of the reference table); undefined where there is none (the hosted service
 * lists none of them) or the key may not inspect (read-only), and the caller then sends
 * what was typed as it is.
 */
export async function namedList<K extends NamedList>(
  client: ApiClient,
  list: K,
): Promise<Array<NamedItem<K>> | undefined> {
  try {
    const { data } = (await client.callEndpoint(referenceEndpoints[`reference.${list}`], {})) as {
      data: Array<NamedItem<K>>;
    };
    return data;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return undefined;
    if (err instanceof ResponseShapeError) return undefined;
    throw err;
  }
}
