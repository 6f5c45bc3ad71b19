import type {
  AppliedCreate,
  ApplyResult,
  KbArticle,
  KbSection,
  KbTab,
  ParsedArchive,
  PlanDelete,
  SyncPlan,
} from './model.js';

export interface DeleteConfirmations {
  /** Post keys whose deletion is confirmed. */
  articles: string[];
  sections: number[];
}

export interface IdSource {
  newSectionId: () => number;
  newArticleKey: () => string;
}

/**
 * The tab after syncing `archive` into it along `plan` (from `planSync` of the
 * same tab and archive). Pure: the input tab is not modified.
 *
 * - Creates get new ids; a new section without `sort_order` goes after its
 *   siblings, and so does a new article.
 * - Deletion candidates are removed only when their id is confirmed; the rest
 *   are reported as skipped and stay as they are.
 * - Deleting a section deletes only the section: its remaining subsections and
 *   articles move up to the nearest ancestor that is kept (or the root), so no
 *   content is lost without its own confirmation.
 */
export function applySync(
  tab: KbTab,
  archive: ParsedArchive,
  plan: SyncPlan,
  confirmed: DeleteConfirmations,
  ids: IdSource,
): ApplyResult {
  const w = workingCopy(tab, archive);
  // Ids first, so that any folder path resolves whether it is new or not.
  const newSections = plan.sections.create.map(({ path }) => {
    const id = ids.newSectionId();
    w.sectionIdByPath.set(path, id);
    return { id, source: found(w.archiveSections.get(path), path) };
  });
  const created = {
    sections: applySections(w, plan, newSections),
    articles: applyArticles(w, plan, ids),
  };

  const { sections, articles } = w;
  const articleDeletes = splitConfirmed(plan.articles.delete, new Set(confirmed.articles), articles);
  const sectionDeletes = splitConfirmed(plan.sections.delete, new Set(confirmed.sections), sections);
  for (const { id } of articleDeletes.confirmed) articles.delete(id);
  const survivingAncestor = ancestorFinder(sections, new Set(sectionDeletes.confirmed.map((d) => d.id)));
  for (const { id } of sectionDeletes.confirmed) sections.delete(id);
  for (const section of sections.values()) section.parent_id = survivingAncestor(section.parent_id);
  for (const article of articles.values()) article.section_id = survivingAncestor(article.section_id);

  const describe = plan.tab.changes.includes('description') && archive.rootDescription !== null;
  return {
    tab: {
      ...tab,
      description: describe ? archive.rootDescription! : tab.description,
      sections: [...sections.values()],
      articles: [...articles.values()],
    },
    applied: {
      tab: { changes: describe ? ['description'] : [] },
      sections: { create: created.sections, update: plan.sections.update, delete: sectionDeletes.confirmed },
      articles: { create: created.articles, update: plan.articles.update, delete: articleDeletes.confirmed },
    },
    skipped: { sections: sectionDeletes.skipped, articles: articleDeletes.skipped },
  };
}

/** Copies of the tab's sections and articles to change, and the archive's by path. */
interface Working {
  sections: Map<number, KbSection>;
  articles: Map<string, KbArticle>;
  archiveSections: Map<string, ParsedArchive['sections'][number]>;
  archiveArticles: Map<string, ParsedArchive['articles'][number]>;
  sectionIdByPath: Map<string, number>;
  /** The id of the section at a folder path of the archive; null for the root. */
  sectionAt: (path: string | null) => number | null;
}

function workingCopy(tab: KbTab, archive: ParsedArchive): Working {
  const sectionIdByPath = new Map<string, number>();
  for (const s of archive.sections) if (s.id !== null) sectionIdByPath.set(s.path, s.id);
  return {
    sections: new Map(tab.sections.map((s) => [s.id, { ...s }])),
    articles: new Map(tab.articles.map((a) => [a.key, { ...a }])),
    archiveSections: new Map(archive.sections.map((s) => [s.path, s])),
    archiveArticles: new Map(archive.articles.map((a) => [a.path, a])),
    sectionIdByPath,
    sectionAt: (path) => (path === null ? null : found(sectionIdByPath.get(path), path)),
  };
}

function applySections(
  w: Working,
  plan: SyncPlan,
  newSections: Array<{ id: number; source: ParsedArchive['sections'][number] }>,
): Array<AppliedCreate<number>> {
  for (const { id, path } of plan.sections.update) {
    const source = found(w.archiveSections.get(path), path);
    const section = found(w.sections.get(id), path);
    section.name = source.name;
    section.description = source.description;
    section.parent_id = w.sectionAt(source.parentPath);
    if (source.sort_order !== null) section.sort_order = source.sort_order;
  }
  return newSections.map(({ id, source }) => {
    const parentId = w.sectionAt(source.parentPath);
    const siblings = [...w.sections.values()].filter((s) => s.parent_id === parentId);
    w.sections.set(id, {
      id,
      parent_id: parentId,
      slug: lastSegment(source.path),
      name: source.name,
      description: source.description,
      sort_order: source.sort_order ?? nextOrder(siblings),
    });
    return { id, title: source.name, path: source.path };
  });
}

function applyArticles(w: Working, plan: SyncPlan, ids: IdSource): Array<AppliedCreate<string>> {
  for (const { id, path } of plan.articles.update) {
    const source = found(w.archiveArticles.get(path), path);
    const article = found(w.articles.get(id), path);
    article.title = source.title;
    article.body = source.body;
    article.section_id = w.sectionAt(source.sectionPath);
    if (source.sort_order !== null) article.sort_order = source.sort_order;
  }
  return plan.articles.create.map(({ path }) => {
    const source = found(w.archiveArticles.get(path), path);
    const key = ids.newArticleKey();
    const sectionId = w.sectionAt(source.sectionPath);
    const siblings = [...w.articles.values()].filter((a) => a.section_id === sectionId);
    w.articles.set(key, {
      key,
      section_id: sectionId,
      slug: lastSegment(path).replace(/\.md$/i, ''),
      title: source.title,
      body: source.body,
      sort_order: source.sort_order ?? nextOrder(siblings),
    });
    return { id: key, title: source.title, path };
  });
}

function splitConfirmed<Id>(
  candidates: Array<PlanDelete<Id>>,
  confirmed: Set<Id>,
  existing: Map<Id, unknown>,
): { confirmed: Array<PlanDelete<Id>>; skipped: Array<PlanDelete<Id>> } {
  const present = candidates.filter((c) => existing.has(c.id));
  return {
    confirmed: present.filter((c) => confirmed.has(c.id)),
    skipped: present.filter((c) => !confirmed.has(c.id)),
  };
}

/** Maps a section id to itself, or to its nearest ancestor that is not being deleted. */
function ancestorFinder(sections: Map<number, KbSection>, deleted: Set<number>): (id: number | null) => number | null {
  // A snapshot: the finder is used after the deleted sections leave the map.
  const parents = new Map([...sections.values()].map((s) => [s.id, s.parent_id]));
  return (id) => {
    const visited = new Set<number>();
    let at = id;
    while (at !== null && deleted.has(at) && !visited.has(at)) {
      visited.add(at);
      at = parents.get(at) ?? null;
    }
    return at !== null && deleted.has(at) ? null : at;
  };
}

function nextOrder(siblings: Array<KbSection | KbArticle>): number {
  return siblings.reduce((max, s) => Math.max(max, s.sort_order + 1), 0);
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function found<T>(value: T | undefined, path: string): T {
  if (value === undefined) throw new Error(`The sync plan does not match the archive or the tab at "${path}".`);
  return value;
}
