import type { ApiClient } from '../../client/api-client.js';
import { readText, toApiError } from '../../client/api-client.js';
import { NamedListSchemas, type NamedItem, type NamedList } from '../../contract/schemas/named-lists.js';

/**
 * Tabs, sections, statuses or tags of the portal, from the reference server's inspection
 * endpoint `GET /__reference/<list>`; undefined where there is none (the hosted service
 * lists none of them) or the key may not inspect (read-only), and the caller then sends
 * what was typed as it is.
 */
export async function namedList<K extends NamedList>(
  client: ApiClient,
  list: K,
): Promise<Array<NamedItem<K>> | undefined> {
  const res = await client.send('GET', `/__reference/${list}`, { allowErrors: true });
  if (res.status === 404 || res.status === 403) {
    await res.body.dump();
    return undefined;
  }
  if (res.status >= 400) throw await toApiError(res);
  let body: unknown;
  try {
    body = JSON.parse(await readText(res));
  } catch {
    return undefined;
  }
  const parsed = NamedListSchemas[list].safeParse((body as { data?: unknown } | null)?.data);
  return parsed.success ? (parsed.data as Array<NamedItem<K>>) : undefined;
}
