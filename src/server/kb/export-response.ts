import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { TabRecord } from '../../seed/seed-file.js';
import type { Portal } from '../store/portal.js';
import { exportArchive } from '../../kb/index.js';
import { toKbTab } from './kb-tab.js';

/**
 * Streams the tab's archive as the response, its images under `images/` (`D-KB-IMAGES`) (the writer gathers entries into
 * 64 kB chunks, so thousands of small articles are not thousands of socket
 * writes). Once the headers are out an error can only cut the download short:
 * the response is destroyed (by the pipeline) and the error is rethrown for the log.
 */
export async function sendTabArchive(res: ServerResponse, portal: Portal, tab: TabRecord): Promise<void> {
  const images = portal.kbImages.withDataOfTab(tab.id).map(({ key, data }) => ({ key, data }));
  const zip = exportArchive(toKbTab(portal, tab), { editorType: portal.editor_type, images });
  res.writeHead(200, {
    'content-type': 'application/zip',
    'content-disposition': attachment(`${tab.slug}.zip`),
    'cache-control': 'no-cache, private',
  });
  await pipeline(zip, res);
}

/** `attachment; filename="…"`, with an RFC 5987 `filename*` when the name is not plain ASCII. */
export function attachment(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (plain === filename) return `attachment; filename="${filename}"`;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
