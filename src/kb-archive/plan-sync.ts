import { ArchiveError } from './archive-error.js';
import { INDEX_FILE, layoutTab } from './layout.js';
import type {
  ArticleChange,
  KbTab,
  ParsedArchive,
  ParsedSection,
  PlanDelete,
  SectionChange,
  SyncPlan,
} from './model.js';

export interface SyncOwnership {
  /** True when an article id (post key) belongs to another tab or portal. */
  foreignArticleIds: (id: string) => boolean;
  /** True when a section id belongs to another tab or portal. */
  foreignSectionIds: (id: number) => boolean;
}

/** A parent or section that the archive itself creates: never equal to an existing id. */
const NEW_ITEM = Symbol('new item');

function sectionEntry(section: ParsedSection): string {
  return `${section.path}/${INDEX_FILE}`;
}

/**
 * What syncing `archive` into `tab` would do. Items are matched by id; a file
 * without id is a create, a tab item no file carries is a deletion candidate,
 * an update lists only the fields that really differ, and every other item of
 * the archive is listed as unchanged, so each entry has exactly one action. A missing
 * `sort_order` keeps the current order. The file name never renames an existing
 * item (the export adds `-2` suffixes to colliding slugs), and a missing root
 * `_index.md` keeps the tab description (the plan reports its change under `tab`).
 */
export function planSync(tab: KbTab, archive: ParsedArchive, opts: SyncOwnership): SyncPlan {
  checkSectionIds(tab, archive, opts);
  checkArticleIds(tab, archive, opts);

  const layout = layoutTab(tab);
  const tabSections = new Map(tab.sections.map((s) => [s.id, s]));
  const tabArticles = new Map(tab.articles.map((a) => [a.key, a]));
  const targetSection = sectionResolver(archive);

  const plan: SyncPlan = {
    tab: {
      changes: archive.rootDescription !== null && archive.rootDescription !== tab.description ? ['description'] : [],
    },
    sections: { create: [], update: [], delete: [], unchanged: [] },
    articles: { create: [], update: [], delete: [], unchanged: [] },
    summary: { create: 0, update: 0, delete: 0 },
  };

  for (const section of archive.sections) {
    const current = section.id === null ? undefined : tabSections.get(section.id);
    if (current === undefined) {
      plan.sections.create.push({ id: null, title: section.name, path: section.path });
      continue;
    }
    const changes: SectionChange[] = [];
    if (section.name !== current.name) changes.push('name');
    if (section.description !== current.description) changes.push('description');
    if (section.sort_order !== null && section.sort_order !== current.sort_order) changes.push('order');
    if (targetSection(section.parentPath) !== current.parent_id) changes.push('parent');
    if (changes.length > 0)
      plan.sections.update.push({ id: current.id, title: section.name, path: section.path, changes });
    else plan.sections.unchanged.push({ id: current.id, title: section.name, path: section.path });
  }

  for (const article of archive.articles) {
    const current = article.id === null ? undefined : tabArticles.get(article.id);
    if (current === undefined) {
      plan.articles.create.push({ id: null, title: article.title, path: article.path });
      continue;
    }
    const changes: ArticleChange[] = [];
    if (article.title !== current.title) changes.push('title');
    if (article.body !== current.body) changes.push('body');
    if (targetSection(article.sectionPath) !== current.section_id) changes.push('section');
    if (article.sort_order !== null && article.sort_order !== current.sort_order) changes.push('order');
    if (changes.length > 0)
      plan.articles.update.push({ id: current.key, title: article.title, path: article.path, changes });
    else plan.articles.unchanged.push({ id: current.key, title: article.title, path: article.path });
  }

  const keptSections = new Set(archive.sections.map((s) => s.id));
  const keptArticles = new Set(archive.articles.map((a) => a.id));
  plan.sections.delete = layout.sections
    .filter(({ section }) => !keptSections.has(section.id))
    .map(({ section, path }): PlanDelete<number> => ({ id: section.id, title: section.name, path }));
  plan.articles.delete = layout.articles
    .filter(({ article }) => !keptArticles.has(article.key))
    .map(({ article, path }): PlanDelete<string> => ({ id: article.key, title: article.title, path }));

  plan.summary = {
    create: plan.sections.create.length + plan.articles.create.length,
    update: plan.sections.update.length + plan.articles.update.length + (plan.tab.changes.length > 0 ? 1 : 0),
    delete: plan.sections.delete.length + plan.articles.delete.length,
  };
  return plan;
}

/** The section id a folder path stands for: null for the root, NEW_ITEM for a folder the sync creates. */
function sectionResolver(archive: ParsedArchive): (path: string | null) => number | null | typeof NEW_ITEM {
  const idByPath = new Map(archive.sections.map((s) => [s.path, s.id]));
  return (path) => (path === null ? null : (idByPath.get(path) ?? NEW_ITEM));
}

function checkSectionIds(tab: KbTab, archive: ParsedArchive, opts: SyncOwnership): void {
  const own = new Set(tab.sections.map((s) => s.id));
  const claimedBy = new Map<number, string>();
  for (const section of archive.sections) {
    if (section.id === null) continue;
    const entry = sectionEntry(section);
    checkId(entry, `section id ${section.id}`, own.has(section.id), () => opts.foreignSectionIds(section.id!));
    const other = claimedBy.get(section.id);
    if (other !== undefined) throw new ArchiveError(entry, `section id ${section.id} is also used by "${other}".`);
    claimedBy.set(section.id, entry);
  }
}

function checkArticleIds(tab: KbTab, archive: ParsedArchive, opts: SyncOwnership): void {
  const own = new Set(tab.articles.map((a) => a.key));
  const claimedBy = new Map<string, string>();
  for (const article of archive.articles) {
    if (article.id === null) continue;
    const label = `article id ${JSON.stringify(article.id)}`;
    checkId(article.path, label, own.has(article.id), () => opts.foreignArticleIds(article.id!));
    const other = claimedBy.get(article.id);
    if (other !== undefined) throw new ArchiveError(article.path, `${label} is also used by "${other}".`);
    claimedBy.set(article.id, article.path);
  }
}

function checkId(entry: string, label: string, ownedByTab: boolean, foreign: () => boolean): void {
  if (ownedByTab) return;
  if (foreign()) throw new ArchiveError(entry, `${label} belongs to another tab or portal.`);
  throw new ArchiveError(entry, `unknown ${label}: no such item exists.`);
}
