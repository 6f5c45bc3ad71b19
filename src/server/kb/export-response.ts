import type { ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PortalState, TabRecord } from '../store/state.js';
import { exportArchive } from './archive/index.js';
import { toKbTab } from './kb-tab.js';

/**
 * Streams the tab's archive as the response. Once the headers are out an error
 * can only cut the download short: the response is destroyed (by the pipeline)
 * and the error is rethrown for the log.
 */
export async function sendTabArchive(res: ServerResponse, portal: PortalState, tab: TabRecord): Promise<void> {
  const zip = exportArchive(toKbTab(portal, tab));
  res.writeHead(200, {
    'content-type': 'application/zip',
    'content-disposition': attachment(`${tab.slug}.zip`),
    'cache-control': 'no-cache, private',
  });
  await pipeline(zip, coalesce(), res);
}

/**
 * yazl emits each entry's header, data and descriptor as small separate chunks;
 * written one by one, a tab of thousands of small articles spends most of its
 * export in socket writes. Chunks are gathered up to 64 kB.
 */
function coalesce(size = 64 * 1024): Transform {
  let parts: Buffer[] = [];
  let length = 0;
  const take = () => {
    const all = Buffer.concat(parts, length);
    parts = [];
    length = 0;
    return all;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      length += chunk.length;
      callback(null, length >= size ? take() : undefined);
    },
    flush(callback) {
      callback(null, length > 0 ? take() : undefined);
    },
  });
}

/** `attachment; filename="…"`, with an RFC 5987 `filename*` when the name is not plain ASCII. */
export function attachment(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (plain === filename) return `attachment; filename="${filename}"`;
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
