import type { IncomingMessage } from 'node:http';
import { readJson } from './read-json.js';
import { readQuery } from './read-query.js';

const isJsonType = (header: string | undefined): boolean => {
  const type = header?.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type?.endsWith('+json') === true;
};

/**
 * A GET's input as Laravel reads it (`$request->input()`): the query string, and the fields of
 * a JSON body sent with the GET, which win over a query parameter of the same name. The spec
 * lists `tab_id` of `GET …/sync/export` in its Body column (D-GET-JSON-BODY). A body of another
 * type is not read, as PHP parses no body of a GET.
 */
export async function readGetInput(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const query = readQuery(url.searchParams);
  const sent = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!sent || !isJsonType(req.headers['content-type'])) return query;
  return { ...query, ...(await readJson(req)) };
}
