import { ArchiveError } from './archive-error.js';
import { parseMarkdownFile } from './front-matter.js';
import { INDEX_FILE, compareStrings } from './layout.js';
import type { ParsedArchive, ParsedArticle, ParsedSection } from './model.js';

export interface MarkdownEntry {
  /** Entry path, already checked by `checkEntryPath`. */
  path: string;
  text: string;
}

/**
 * Turns the archive's markdown files into sections and articles.
 *
 * - Every folder holding a markdown file (directly or deeper) is a section;
 *   without `_index.md` it is a new section named after the folder.
 * - A missing `name` falls back to the folder name and a missing `title` to the
 *   file's slug, so a hand-written file needs no front matter at all.
 * - `id: null` (an emptied `id:` line) counts as no id: the file is a new item.
 * - Unknown front matter keys are ignored.
 */
export function parseEntries(entries: MarkdownEntry[]): ParsedArchive {
  let rootDescription: string | null = null;
  const sections = new Map<string, ParsedSection>();
  const articles: ParsedArticle[] = [];

  const ensureFolders = (folder: string | null): void => {
    for (let at = folder; at !== null && !sections.has(at); at = parentOf(at)) {
      sections.set(at, {
        path: at,
        id: null,
        name: baseName(at),
        sort_order: null,
        description: '',
        parentPath: parentOf(at),
      });
    }
  };

  for (const { path, text } of entries) {
    const { data, body } = parseMarkdownFile(text, path);
    const folder = parentOf(path);
    const fileName = baseName(path);
    if (fileName.toLowerCase() === INDEX_FILE) {
      if (folder === null) {
        rootDescription = body;
        continue;
      }
      ensureFolders(parentOf(folder));
      sections.set(folder, {
        path: folder,
        id: optionalSectionId(data.id, path),
        name: optionalString(data.name, 'name', path) ?? baseName(folder),
        sort_order: optionalNumber(data.sort_order, path),
        description: body,
        parentPath: parentOf(folder),
      });
    } else {
      ensureFolders(folder);
      articles.push({
        path,
        id: optionalArticleId(data.id, path),
        title: optionalString(data.title, 'title', path) ?? fileName.slice(0, -'.md'.length),
        sort_order: optionalNumber(data.sort_order, path),
        body,
        sectionPath: folder,
      });
    }
  }

  return {
    rootDescription,
    sections: [...sections.values()].sort((a, b) => compareStrings(a.path, b.path)),
    articles: articles.sort((a, b) => compareStrings(a.path, b.path)),
  };
}

function optionalSectionId(value: unknown, entry: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new ArchiveError(entry, 'front matter "id" must be a positive integer (the section id).');
}

function optionalArticleId(value: unknown, entry: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value !== '') return value;
  throw new ArchiveError(
    entry,
    'front matter "id" must be a non-empty string (the post key); quote it if it looks like a number.',
  );
}

/** Longest title or section name, as the service's `string` columns hold. */
const MAX_TITLE_CHARS = 255;

function optionalString(value: unknown, key: string, entry: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    if (value.length > MAX_TITLE_CHARS) {
      throw new ArchiveError(entry, `front matter "${key}" is over the limit of ${MAX_TITLE_CHARS} characters.`);
    }
    return value;
  }
  throw new ArchiveError(
    entry,
    `front matter "${key}" must be a string; quote it if it looks like a number or boolean.`,
  );
}

function optionalNumber(value: unknown, entry: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new ArchiveError(entry, 'front matter "sort_order" must be a number.');
}

function parentOf(path: string): string | null {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? null : path.slice(0, slash);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
