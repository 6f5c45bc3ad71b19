import { zipStream, type ZipInput } from './zip/write-zip.js';
import { renderMarkdownFile, renderRootIndex } from './front-matter.js';
import { unlinkImages } from './image-links.js';
import { IMAGE_URL_PREFIX, exportPathOf, parseImageUrl } from './image-url.js';
import { INSTRUCTION_FILES, instructionText } from './instruction-files.js';
import { INDEX_FILE, compareStrings, groupBy, layoutTab, type ArticlePlacement } from './layout.js';
import type { EditorType } from './link-destinations.js';
import type { KbTab } from './model.js';

/** An image the tab keeps, with its bytes. */
interface ExportImage {
  key: string;
  data: Buffer;
}

export interface ExportOptions {
  /** How the bodies are written (default markdown): their image links are found by it. */
  editorType?: EditorType;
  images?: ExportImage[];
}

/**
 * The tab as a ZIP stream in the layout of the knowledge-base archive contract,
 * written by yazl: the AI instruction files, the sections and articles, and the tab's
 * images under `images/`, each body's links to them relative again. Every file is
 * rendered and handed to the writer at once (the tab is in memory already; its files
 * are about its size). The same tab exports to byte-identical ZIPs (a fixed timestamp,
 * a fixed order).
 */
export function exportArchive(tab: KbTab, options: ExportOptions = {}): NodeJS.ReadableStream {
  return zipStream(tabEntries(tab, options));
}

function* tabEntries(tab: KbTab, options: ExportOptions): Generator<ZipInput> {
  const editorType = options.editorType ?? 'markdown';
  const images = [...(options.images ?? [])].sort((a, b) => compareStrings(a.key, b.key));
  const file = (name: string, text: string): ZipInput => ({ name, data: Buffer.from(text, 'utf8') });
  const asWritten = bodyWriter(tab.id, images, editorType);
  const articles = function* (placed: ArticlePlacement[] | undefined): Generator<ZipInput> {
    for (const { article, path } of placed ?? []) {
      yield file(
        path,
        renderMarkdownFile(
          { id: article.key, title: article.title, sort_order: article.sort_order },
          asWritten(article.body, folderOf(path)),
        ),
      );
    }
  };

  const instructions = instructionText(editorType);
  for (const name of INSTRUCTION_FILES) yield file(name, instructions);
  const layout = layoutTab(tab);
  const articlesByFolder = groupBy(layout.articles, ({ path }) => folderOf(path) ?? '');
  if (tab.description !== '') yield file(INDEX_FILE, renderRootIndex(asWritten(tab.description, null)));
  yield* articles(articlesByFolder.get(''));
  for (const { section, path } of layout.sections) {
    yield file(
      `${path}/${INDEX_FILE}`,
      renderMarkdownFile(
        { id: section.id, name: section.name, sort_order: section.sort_order },
        asWritten(section.description, path),
      ),
    );
    yield* articles(articlesByFolder.get(path));
  }
  for (const image of images) yield { name: exportPathOf(image.key), data: image.data };
}

function folderOf(path: string): string | null {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? null : path.slice(0, slash);
}

/** A body as the export writes it at a folder: links to the tab's images relative again. */
function bodyWriter(
  tabId: number,
  images: ExportImage[],
  editorType: EditorType,
): (body: string, folder: string | null) => string {
  if (images.length === 0) return (body) => body;
  const keys = new Set(images.map((i) => i.key));
  const keyOf = (path: string) => {
    const image = parseImageUrl(path);
    return image !== null && image.tabId === tabId && keys.has(image.key) ? image.key : undefined;
  };
  const prefix = `${IMAGE_URL_PREFIX}${tabId}/`;
  return (body, folder) => (body.includes(prefix) ? unlinkImages(body, folder, keyOf, editorType) : body);
}
