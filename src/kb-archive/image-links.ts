import { exportPathOf } from './image-url.js';
import { linkDestinations, rewriteDestinations, type EditorType } from './link-destinations.js';
import type { ParsedArchive, ParsedImage } from './model.js';

/** A destination split into its path and what follows it (`?query`, `#fragment`). */
function splitSuffix(destination: string): { path: string; suffix: string } {
  const at = destination.search(/[?#]/);
  return at === -1
    ? { path: destination, suffix: '' }
    : { path: destination.slice(0, at), suffix: destination.slice(at) };
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The archive path a relative destination names, seen from `folder` (null: the root),
 * with its suffix; null when it is not a relative path (a scheme, `/…`, `#…`) or leaves
 * the archive.
 */
function resolveRelative(folder: string | null, destination: string): { path: string; suffix: string } | null {
  const { path, suffix } = splitSuffix(destination);
  if (path === '' || path.startsWith('/') || path.includes('\\') || /^[A-Z][A-Z0-9+.-]*:/i.test(path)) return null;
  const segments = folder === null ? [] : folder.split('/');
  for (const segment of decodePath(path).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.length === 0 ? null : { path: segments.join('/'), suffix };
}

/** Characters a markdown destination or an HTML attribute cannot hold as they are. */
const UNSAFE_IN_LINK = /[\u0000-\u0020%()<>"'\\\u007f]/g;

/** The relative destination from `folder` to the archive path `target`, as an export writes it. */
function relativeLink(folder: string | null, target: string): string {
  const from = folder === null ? [] : folder.split('/');
  const to = target.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...up, ...to.slice(common)]
    .map((segment) =>
      segment === '..'
        ? segment
        : segment.replace(UNSAFE_IN_LINK, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`),
    )
    .join('/');
}

const folderOf = (path: string): string | null => {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? null : path.slice(0, slash);
};

/** Every body of an archive with the folder its links are seen from. */
function bodies(archive: ParsedArchive): Array<{ folder: string | null; body: string }> {
  return [
    ...(archive.rootDescription === null ? [] : [{ folder: null, body: archive.rootDescription }]),
    ...archive.sections.map((s) => ({ folder: s.path, body: s.description })),
    ...archive.articles.map((a) => ({ folder: folderOf(a.path), body: a.body })),
  ];
}

/** A quick look for something that could be a destination, before a body is parsed. */
const MAY_LINK = /\]\(|\]:|src|href/i;

/** The archive paths that the archive's bodies show as images through relative destinations. */
export function embeddedPaths(archive: ParsedArchive, editorType: EditorType): Set<string> {
  const found = new Set<string>();
  for (const { folder, body } of bodies(archive)) {
    if (!MAY_LINK.test(body)) continue;
    for (const { value, embed } of linkDestinations(body, editorType)) {
      const resolved = embed ? resolveRelative(folder, value) : null;
      if (resolved) found.add(resolved.path);
    }
  }
  return found;
}

/**
 * The archive with every relative destination that names one of its images (a link or
 * an image, in an article, a section's description or the root's) replaced by the
 * image's URL on the portal. Other destinations are left as written.
 */
export function linkImages(
  archive: ParsedArchive,
  urlOf: (image: ParsedImage) => string,
  editorType: EditorType,
): ParsedArchive {
  const images = new Map((archive.images ?? []).map((image) => [image.path, image]));
  if (images.size === 0) return archive;
  const link = (folder: string | null, body: string): string => {
    if (!MAY_LINK.test(body)) return body;
    return rewriteDestinations(body, editorType, (destination) => {
      const resolved = resolveRelative(folder, destination);
      const image = resolved && images.get(resolved.path);
      return image ? urlOf(image) + resolved.suffix : undefined;
    });
  };
  return {
    ...archive,
    rootDescription: archive.rootDescription === null ? null : link(null, archive.rootDescription),
    sections: archive.sections.map((s) => ({ ...s, description: link(s.path, s.description) })),
    articles: archive.articles.map((a) => ({ ...a, body: link(folderOf(a.path), a.body) })),
  };
}

/**
 * A body as an export writes it at `folder`: each destination that `keyOf` knows as one of
 * the tab's images (its URL on the portal) becomes the relative path to `images/<key>`.
 */
export function unlinkImages(
  body: string,
  folder: string | null,
  keyOf: (path: string) => string | undefined,
  editorType: EditorType,
): string {
  return rewriteDestinations(body, editorType, (destination) => {
    const { path, suffix } = splitSuffix(destination);
    const key = keyOf(path);
    return key === undefined ? undefined : relativeLink(folder, exportPathOf(key)) + suffix;
  });
}
