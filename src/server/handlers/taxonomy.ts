import { createSection, deleteSection, updateSection } from '../domain/sections.js';
import { createStatus, deleteStatus, updateStatus } from '../domain/statuses.js';
import { createTag, deleteTag, updateTag } from '../domain/tags.js';
import { findSection, findTab } from '../domain/taxonomy.js';
import { presentSection, presentStatus, presentTab, presentTag } from '../present/taxonomy.js';
import { ok, type HandlerMap } from './types.js';

export const taxonomyHandlers: HandlerMap = {
  'statuses.list': ({ portal }) => ok({ data: portal.statuses.list().map(presentStatus) }),
  'statuses.create': ({ portal, body }) => ok({ data: presentStatus(createStatus(portal, body)) }),
  'statuses.update': ({ portal, params, body }) =>
    ok({ data: presentStatus(updateStatus(portal, params.status, body)) }),
  'statuses.delete': ({ portal, params }) => {
    deleteStatus(portal, params.status);
    return ok({ message: 'Status deleted successfully' });
  },
  'tags.list': ({ portal }) => ok({ data: portal.tags.list().map(presentTag) }),
  'tags.create': ({ portal, body }) => ok({ data: presentTag(createTag(portal, body)) }),
  'tags.update': ({ portal, params, body }) => ok({ data: presentTag(updateTag(portal, params.tag, body)) }),
  'tags.delete': ({ portal, params }) => {
    deleteTag(portal, params.tag);
    return ok({ message: 'Tag deleted successfully' });
  },
  'tabs.list': ({ portal }) => ok({ data: portal.tabs.list().map(presentTab) }),
  'tabs.get': ({ portal, params }) => ok({ data: presentTab(findTab(portal, params.tab)) }),
  'sections.list': ({ portal }) => ok({ data: portal.sections.children(null).map(presentSection) }),
  'sections.children': ({ portal, params }) =>
    ok({ data: portal.sections.children(findSection(portal, params.section).id).map(presentSection) }),
  'sections.create': ({ portal, body }) => ok({ data: presentSection(createSection(portal, body)) }),
  'sections.update': ({ portal, params, body }) =>
    ok({ data: presentSection(updateSection(portal, params.section, body)) }),
  'sections.delete': ({ portal, params }) => {
    deleteSection(portal, params.section);
    return ok({ message: 'Section deleted successfully' });
  },
};
