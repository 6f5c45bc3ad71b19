import type { NamedItem, NamedList } from '../../contract/schemas/named-lists.js';
import { openApiDocument } from '../../contract/openapi.js';
import { isHostHeader } from '../http/host-syntax.js';
import type { Portal } from '../store/portal.js';
import { ok, type HandlerMap } from './types.js';

/** The lists of `named-lists.ts` (tabs, sections, statuses, tags, users): `fp` resolves names with them. */
const NAMED_LISTS: { [K in NamedList]: (portal: Portal) => Array<NamedItem<K>> } = {
  tabs: (p) => p.tabs.list().map(({ id, slug, name, type }) => ({ id, slug, name, type })),
  sections: (p) =>
    p.sections.list().map(({ id, tab_id, slug, name, parent_id }) => ({ id, tab_id, slug, name, parent_id })),
  statuses: (p) => p.statuses.list().map(({ id, name, color, tab_id }) => ({ id, name, color, tab_id })),
  tags: (p) => p.tags.list().map(({ id, name }) => ({ id, name })),
  users: (p) => p.users.list().map(({ id, database_id, name, email }) => ({ id, database_id, name, email })),
};

/** The reference server's own routes besides webhooks and events: not part of the product's API. */
export const referenceServerHandlers: HandlerMap = {
  'reference.openapi': ({ req }) => {
    // The address the client used, so a client generated from this copy calls this server.
    const host = req.headers.host ?? '';
    return ok(openApiDocument(isHostHeader(host) ? { servedFrom: `http://${host}` } : {}));
  },

  'reference.reset': async ({ store, portal }) => {
    await store.whenResettable();
    store.reset(portal.id);
    return ok({ message: 'Portal reset to its seed.' });
  },

  'reference.tabs': ({ portal }) => ok({ data: NAMED_LISTS.tabs(portal) }),
  'reference.sections': ({ portal }) => ok({ data: NAMED_LISTS.sections(portal) }),
  'reference.statuses': ({ portal }) => ok({ data: NAMED_LISTS.statuses(portal) }),
  'reference.tags': ({ portal }) => ok({ data: NAMED_LISTS.tags(portal) }),
  'reference.users': ({ portal }) => ok({ data: NAMED_LISTS.users(portal) }),
};
