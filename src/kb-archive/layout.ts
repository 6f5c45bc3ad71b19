import { INSTRUCTION_NAMES_FOLDED } from './instruction-files.js';
import type { KbArticle, KbSection, KbTab } from './model.js';

export const INDEX_FILE = '_index.md';
export const MACOS_METADATA_FOLDER = '__MACOSX';

interface SectionPlacement {
  section: KbSection;
  /** Folder path. */
  path: string;
}

export interface ArticlePlacement {
  article: KbArticle;
  /** File path. */
  path: string;
}

export interface TabLayout {
  /** Depth first, siblings in (sort_order, id) order: parents before children. */
  sections: SectionPlacement[];
  articles: ArticlePlacement[];
}

/**
 * Where each section and article of a tab lives in an export. Deterministic for
 * the same content whatever the order of the input arrays: siblings are taken
 * by (sort_order, id), and the first of colliding names keeps it while later
 * ones get `-2`, `-3`, ... Names are compared case-insensitively so an
 * unpacked archive survives case-insensitive file systems.
 */
export function layoutTab(tab: KbTab): TabLayout {
  const parents = effectiveParents(tab.sections);
  const sectionIds = new Set(tab.sections.map((s) => s.id));
  const childSections = groupBy(tab.sections, (s) => parents.get(s.id) ?? null);
  // An article whose section does not exist goes to the root.
  const childArticles = groupBy(tab.articles, (a) =>
    a.section_id !== null && sectionIds.has(a.section_id) ? a.section_id : null,
  );

  const layout: TabLayout = { sections: [], articles: [] };
  const placeFolder = (folder: string, sectionId: number | null): void => {
    // The reader skips a root `__MACOSX` folder (macOS zip litter), so no section may take that name, and the
    // root's AI instruction files are the export's own (an article `claude` is `claude-2.md` there).
    const taken = new Set<string>(
      folder === '' ? [INDEX_FILE, MACOS_METADATA_FOLDER.toLowerCase(), ...INSTRUCTION_NAMES_FOLDED] : [INDEX_FILE],
    );
    const prefix = folder === '' ? '' : `${folder}/`;
    const sections = [...(childSections.get(sectionId) ?? [])].sort(
      (a, b) => a.sort_order - b.sort_order || a.id - b.id,
    );
    const articles = [...(childArticles.get(sectionId) ?? [])].sort(
      (a, b) => a.sort_order - b.sort_order || compareStrings(a.key, b.key),
    );
    const placedHere = sections.map((section) => ({
      section,
      path: prefix + claimName(taken, safeSlug(section.slug, 'section'), ''),
    }));
    for (const article of articles) {
      layout.articles.push({ article, path: prefix + claimName(taken, safeSlug(article.slug, 'article'), '.md') });
    }
    for (const placement of placedHere) {
      layout.sections.push(placement);
      placeFolder(placement.path, placement.section.id);
    }
  };
  placeFolder('', null);
  return layout;
}

/**
 * Each section's parent as exported: a missing parent means the root, and a
 * parent cycle (which a sound store never has) is broken at its smallest id.
 */
function effectiveParents(sections: KbSection[]): Map<number, number | null> {
  const ids = new Set(sections.map((s) => s.id));
  const parents = new Map<number, number | null>();
  for (const s of sections) {
    parents.set(s.id, s.parent_id !== null && ids.has(s.parent_id) && s.parent_id !== s.id ? s.parent_id : null);
  }
  const settled = new Set<number>();
  for (const id of [...ids].sort((a, b) => a - b)) {
    const chain: number[] = [];
    let at: number | null = id;
    while (at !== null && !settled.has(at)) {
      const seen = chain.indexOf(at);
      if (seen !== -1) {
        parents.set(Math.min(...chain.slice(seen)), null);
        break;
      }
      chain.push(at);
      at = parents.get(at) ?? null;
    }
    for (const c of chain) settled.add(c);
  }
  return parents;
}

/**
 * A file-name-safe slug: no separators, no characters Windows forbids (a
 * leading `C:` would read as a drive), no control characters, no leading dots.
 */
function safeSlug(slug: string, fallback: string): string {
  const cleaned = slug.replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '-').replace(/^\.+/, '');
  return cleaned.trim() === '' ? fallback : cleaned;
}

function claimName(taken: Set<string>, base: string, extension: string): string {
  let candidate = base + extension;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
