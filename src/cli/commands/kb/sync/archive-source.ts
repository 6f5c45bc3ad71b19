import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { CallResult } from '../../../../client/api-client.js';
import type { ArchiveBody, SyncFields, SyncOperation } from '../../../../client/kb-upload.js';
import { SYNC_MAX_KILOBYTES } from '../../../../contract/schemas/knowledgebase.js';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { transferProgress } from '../../../framework/transfer-progress.js';

const SYNC_MAX_BYTES = SYNC_MAX_KILOBYTES * 1024;

export interface PreparedArchive {
  /** File name announced in the upload. */
  filename: string;
  /** What one upload sends; called once per upload. */
  body(): Promise<ArchiveBody>;
  /**
   * When the source is a folder: the folder, and the sha256 of each file zipped,
   * by path, known once the first upload has been sent.
   */
  folder?: { dir: string; files: Map<string, string> };
}

const tooLarge = (what: string, size: string) =>
  new UsageError(`${what} is ${size} KB; the service accepts uploads of at most ${SYNC_MAX_KILOBYTES} KB (100 MB)`);

/**
 * The ZIP to upload for `source`: a ZIP file as is (its size checked before
 * any upload), or a folder zipped on the way into the upload, without a temp
 * copy. A folder's ZIP that grows past what the service accepts stops the
 * upload there, with the same error. A folder uploaded a second time (execute
 * after its preview) must hold the same files as the first time, byte for
 * byte, or the second upload is stopped before its end.
 */
export async function prepareArchive(source: string): Promise<PreparedArchive> {
  const info = await stat(source).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw new UsageError(`no such file or folder: ${source}`);
    throw err;
  });
  if (info.isFile()) {
    if (info.size > SYNC_MAX_BYTES) throw tooLarge(source, String(Math.ceil(info.size / 1024)));
    return { filename: path.basename(source), body: async () => ({ filePath: source }) };
  }
  if (!info.isDirectory()) throw new UsageError(`${source} is neither a ZIP file nor a folder`);

  const { zipFolderStream } = await import('../zip-folder.js');
  const folder = { dir: source, files: new Map<string, string>() };
  let uploads = 0;
  // Listed now, so that a folder holding links or devices is refused before any request.
  let first: Awaited<ReturnType<typeof zipFolderStream>> | undefined = await zipFolderStream(source);
  return {
    filename: `${path.basename(path.resolve(source))}.zip`,
    folder,
    async body() {
      const zip = first ?? (await zipFolderStream(source, { expect: uploads > 0 ? folder.files : undefined }));
      first = undefined;
      uploads++;
      return { stream: limited(zip.chunks, source, () => (folder.files = zip.hashes)) };
    },
  };
}

/** The chunks, stopped with the service's size error once past its limit; `done` once all went through. */
async function* limited(chunks: AsyncIterable<Buffer>, source: string, done: () => void): AsyncGenerator<Buffer> {
  let sent = 0;
  for await (const chunk of chunks) {
    sent += chunk.length;
    if (sent > SYNC_MAX_BYTES) throw tooLarge(`the ZIP of ${source}`, `over ${SYNC_MAX_KILOBYTES}`);
    yield chunk;
  }
  done();
}

/** Uploads the archive to preview or execute, with a progress line on a terminal. */
export async function sendArchive<K extends SyncOperation>(
  f: Factory,
  operation: K,
  archive: PreparedArchive,
  fields: SyncFields,
): Promise<CallResult<K>> {
  const client = await f.client();
  const { uploadArchive } = await import('../../../../client/kb-upload.js');
  const progress = transferProgress(f, 'Uploading', archive.filename);
  try {
    return await uploadArchive(client, operation, await archive.body(), fields, archive.filename, progress?.update);
  } finally {
    progress?.end();
  }
}
