import { findSection, findTab } from '../domain/taxonomy.js';
import { presentSection, presentStatus, presentTab, presentTag } from '../present/taxonomy.js';
import { ok, type HandlerMap } from './types.js';

export const taxonomyHandlers: HandlerMap = {
  'statuses.list': ({ portal }) => ok({ data: portal.statuses.list().map(presentStatus) }),
  'tags.list': ({ portal }) => ok({ data: portal.tags.list().map(presentTag) }),
  'tabs.list': ({ portal }) => ok({ data: portal.tabs.list().map(presentTab) }),
  'tabs.get': ({ portal, params }) => ok({ data: presentTab(findTab(portal, params.tab)) }),
  'sections.list': ({ portal }) => ok({ data: portal.sections.children(null).map(presentSection) }),
  'sections.children': ({ portal, params }) =>
    ok({ data: portal.sections.children(findSection(portal, params.section).id).map(presentSection) }),
};
