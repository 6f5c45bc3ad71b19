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
  const sections = new Map(tab.sections.map((s) => [s.id, { ...s }]));
  const articles = new Map(tab.articles.map((a) => [a.key, { ...a }]));
  const archiveSections = new Map(archive.sections.map((s) => [s.path, s]));
  const archiveArticles = new Map(archive.articles.map((a) => [a.path, a]));

  // Ids first, so that any folder path resolves whether it is new or not.
  const sectionIdByPath = new Map<string, number>();
  for (const s of archive.sections) if (s.id !== null) sectionIdByPath.set(s.path, s.id);
  const createdSections = plan.sections.create.map(({ path }) => {
    const id = ids.newSectionId();
    sectionIdByPath.set(path, id);
    return { id, source: found(archiveSections.get(path), path) };
  });
  const sectionAt = (path: string | null): number | null =>
    path === null ? null : found(sectionIdByPath.get(path), path);

  for (const { id, path } of plan.sections.update) {
    const source = found(archiveSections.get(path), path);
    const section = found(sections.get(id), path);
    section.name = source.name;
    section.description = source.description;
    section.parent_id = sectionAt(source.parentPath);
    if (source.sort_order !== null) section.sort_order = source.sort_order;
  }
  const created: { sections: Array<AppliedCreate<number>>; articles: Array<AppliedCreate<string>> } = {
    sections: [],
    articles: [],
  };
  for (const { id, source } of createdSections) {
    const parentId = sectionAt(source.parentPath);
    const siblings = [...sections.values()].filter((s) => s.parent_id === parentId);
    sections.set(id, {
      id,
      parent_id: parentId,
      slug: lastSegment(source.path),
      name: source.name,
      description: source.description,
      sort_order: source.sort_order ?? nextOrder(siblings),
    });
    created.sections.push({ id, title: source.name, path: source.path });
  }

  for (const { id, path } of plan.articles.update) {
    const source = found(archiveArticles.get(path), path);
    const article = found(articles.get(id), path);
    article.title = source.title;
    article.body = source.body;
    article.section_id = sectionAt(source.sectionPath);
    if (source.sort_order !== null) article.sort_order = source.sort_order;
  }
  for (const { path } of plan.articles.create) {
    const source = found(archiveArticles.get(path), path);
    const key = ids.newArticleKey();
    const sectionId = sectionAt(source.sectionPath);
    const siblings = [...articles.values()].filter((a) => a.section_id === sectionId);
    articles.set(key, {
      key,
      section_id: sectionId,
      slug: lastSegment(path).replace(/\.md$/i, ''),
      title: source.title,
      body: source.body,
      sort_order: source.sort_order ?? nextOrder(siblings),
    });
    created.articles.push({ id: key, title: source.title, path });
  }

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
