import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NamedItem, NamedList } from '../../contract/schemas/named-lists.js';
import { openApiDocument } from '../../contract/openapi.js';
import type { Portal } from '../store/portal.js';
import type { Store } from '../store/store.js';
import { assertCanWrite, authenticate } from '../http/authenticate.js';
import { HttpError } from '../http/error-response.js';
import { isHostHeader } from '../http/host-syntax.js';
import { sendJson } from '../http/respond.js';
import type { EgressPolicy } from '../egress/egress-guard.js';
import { handleWebhookRoute, isWebhookRoute, webhookRoutes } from '../webhooks/routes.js';

/** The lists of `named-lists.ts` (tabs, sections, statuses, tags, users): `fp` resolves names with them. */
const NAMED_LISTS: { [K in NamedList]: (portal: Portal) => Array<NamedItem<K>> } = {
  tabs: (p) => p.tabs.list().map(({ id, slug, name, type }) => ({ id, slug, name, type })),
  sections: (p) =>
    p.sections.list().map(({ id, tab_id, slug, name, parent_id }) => ({ id, tab_id, slug, name, parent_id })),
  statuses: (p) => p.statuses.list().map(({ id, name, color, tab_id }) => ({ id, name, color, tab_id })),
  tags: (p) => p.tags.list().map(({ id, name }) => ({ id, name })),
  users: (p) => p.users.list().map(({ id, database_id, name, email }) => ({ id, database_id, name, email })),
};

/** The inspection routes besides webhooks and events, each with its one verb. */
const ROUTES: Record<string, string> = {
  '/__reference/openapi.json': 'GET',
  '/__reference/reset': 'POST',
  ...Object.fromEntries(Object.keys(NAMED_LISTS).map((name) => [`/__reference/${name}`, 'GET'])),
};

/** Every `/__reference/*` route, as `{method, path}` with `{name}` for each parameter. */
export const referenceRoutes = (): Array<{ method: string; path: string }> => [
  ...Object.entries(ROUTES).map(([path, method]) => ({ method, path })),
  ...webhookRoutes(),
];

interface ReferenceRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  portal: Portal;
  store: Store;
  now: Date;
  /** Where webhooks may be delivered. */
  webhookEgress: EgressPolicy;
}

/** `/__reference/*`: inspection endpoints of the reference server, not part of the product's API. */
export async function handleReferenceRoute({
  req,
  res,
  url,
  method,
  portal,
  store,
  now,
  webhookEgress,
}: ReferenceRequest): Promise<void> {
  const path = url.pathname;
  if (isWebhookRoute(path)) {
    assertCanWrite(authenticate(req, portal, now));
    await handleWebhookRoute({ req, res, url, method, portal, store, now, egress: webhookEgress });
    return;
  }
  const allowed = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
  if (!allowed) throw new HttpError(404, `The route ${path.slice(1)} could not be found.`);
  if (allowed !== method) {
    throw new HttpError(
      405,
      `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${allowed}.`,
      {
        allow: allowed,
      },
    );
  }
  if (path === '/__reference/openapi.json') {
    // The address the client used, so a client generated from this copy calls this server.
    const host = req.headers.host ?? '';
    sendJson(res, 200, openApiDocument(isHostHeader(host) ? { servedFrom: `http://${host}` } : {}));
    return;
  }
  assertCanWrite(authenticate(req, portal, now));
  const list = path.slice('/__reference/'.length);
  if (Object.hasOwn(NAMED_LISTS, list)) {
    sendJson(res, 200, { data: NAMED_LISTS[list as NamedList](portal) });
    return;
  }
  await store.whenResettable();
  store.reset(portal.id);
  await store.commit();
  sendJson(res, 200, { message: 'Portal reset to its seed.' });
}
