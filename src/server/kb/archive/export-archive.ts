import { Readable } from 'node:stream';
import yazl from 'yazl';
import { renderMarkdownFile, renderRootIndex } from './front-matter.js';
import { INDEX_FILE, groupBy, layoutTab, type ArticlePlacement } from './layout.js';
import type { KbTab } from './model.js';

// A fixed timestamp makes the same tab export to byte-identical ZIPs.
const ENTRY_OPTIONS = { mtime: new Date(Date.UTC(2000, 0, 1)), mode: 0o100644 } as const;

/**
 * The tab as a ZIP stream in the layout of the knowledge-base archive contract.
 * Each file's text is only built when yazl is ready to write that entry, so
 * memory holds one file at a time rather than the whole archive.
 */
export function exportArchive(tab: KbTab): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  const add = (path: string, render: () => string): void => {
    zip.addReadStreamLazy(path, ENTRY_OPTIONS, (callback) => {
      callback(null, Readable.from([Buffer.from(render(), 'utf8')]));
    });
  };

  const addArticles = (articles: ArticlePlacement[] | undefined): void => {
    for (const { article, path } of articles ?? []) {
      add(path, () =>
        renderMarkdownFile({ id: article.key, title: article.title, sort_order: article.sort_order }, article.body),
      );
    }
  };

  const layout = layoutTab(tab);
  const articlesByFolder = groupBy(layout.articles, ({ path }) => path.slice(0, Math.max(path.lastIndexOf('/'), 0)));
  if (tab.description !== '') add(INDEX_FILE, () => renderRootIndex(tab.description));
  addArticles(articlesByFolder.get(''));
  for (const { section, path } of layout.sections) {
    add(`${path}/${INDEX_FILE}`, () =>
      renderMarkdownFile({ id: section.id, name: section.name, sort_order: section.sort_order }, section.description),
    );
    addArticles(articlesByFolder.get(path));
  }
  zip.end();
  return zip.outputStream;
}
