import { zipStream, type ZipInput } from './zip/write-zip.js';
import { renderMarkdownFile, renderRootIndex } from './front-matter.js';
import { INDEX_FILE, groupBy, layoutTab, type ArticlePlacement } from './layout.js';
import type { KbTab } from './model.js';

/**
 * The tab as a ZIP stream in the layout of the knowledge-base archive contract,
 * written by yazl. Every file is rendered and handed to the writer at once (the
 * tab is in memory already; its files are about its size). The same tab exports
 * to byte-identical ZIPs (a fixed timestamp, a fixed order).
 */
export function exportArchive(tab: KbTab): NodeJS.ReadableStream {
  return zipStream(tabEntries(tab));
}

function* tabEntries(tab: KbTab): Generator<ZipInput> {
  const file = (name: string, text: string): ZipInput => ({ name, data: Buffer.from(text, 'utf8') });
  const articles = function* (placed: ArticlePlacement[] | undefined): Generator<ZipInput> {
    for (const { article, path } of placed ?? []) {
      yield file(
        path,
        renderMarkdownFile({ id: article.key, title: article.title, sort_order: article.sort_order }, article.body),
      );
    }
  };

  const layout = layoutTab(tab);
  const articlesByFolder = groupBy(layout.articles, ({ path }) => path.slice(0, Math.max(path.lastIndexOf('/'), 0)));
  if (tab.description !== '') yield file(INDEX_FILE, renderRootIndex(tab.description));
  yield* articles(articlesByFolder.get(''));
  for (const { section, path } of layout.sections) {
    yield file(
      `${path}/${INDEX_FILE}`,
      renderMarkdownFile({ id: section.id, name: section.name, sort_order: section.sort_order }, section.description),
    );
    yield* articles(articlesByFolder.get(path));
  }
}
