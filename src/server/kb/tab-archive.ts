import type { TabRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { exportArchive } from '../../kb-archive/index.js';
import { toKbTab } from './kb-tab.js';

/**
 * The tab's archive as a download, its images under `images/` (`D-KB-IMAGES`); the writer
 * gathers entries into 64 kB chunks, so thousands of small articles are not thousands of
 * socket writes.
 */
export function tabArchive(
  portal: Portal,
  tab: TabRecord,
): { headers: Record<string, string>; stream: NodeJS.ReadableStream } {
  const images = portal.kbImages.withDataOfTab(tab.id).map(({ key, data }) => ({ key, data }));
  return {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': attachment(`${tab.slug}.zip`),
      'cache-control': 'no-cache, private',
    },
    stream: exportArchive(toKbTab(portal, tab), { editorType: portal.editor_type, images }),
  };
}

/** `attachment; filename="…"`, with an RFC 5987 `filename*` when the name is not plain ASCII. */
function attachment(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (plain === filename) return `attachment; filename="${filename}"`;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
