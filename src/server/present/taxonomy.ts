import type { Section } from '../../contract/schemas/section.js';
import type { Status } from '../../contract/schemas/status.js';
import type { Tab } from '../../contract/schemas/tab.js';
import type { Tag } from '../../contract/schemas/tag.js';
import type { SectionRecord, StatusRecord, TabRecord, TagRecord } from '../../seed-file/seed-file.js';

/** How a portal sorts its posts (statuses, tags) and where it shows them (tabs, sections). */

export const presentStatus = (s: StatusRecord): Status => ({
  id: s.id,
  name: s.name,
  color: s.color,
  tab_id: s.tab_id,
});

export const presentTag = (t: TagRecord): Tag => ({ id: t.id, name: t.name });

export const presentTab = (t: TabRecord): Tab => ({
  id: t.id,
  slug: t.slug,
  name: t.name,
  type: t.type,
  description: t.description,
});

export const presentSection = (s: SectionRecord): Section => ({
  id: s.id,
  tab_id: s.tab_id,
  parent_id: s.parent_id,
  title: s.name,
  slug: s.slug,
  description: s.description,
  sort_order: s.sort_order,
});
