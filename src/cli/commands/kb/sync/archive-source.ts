import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SYNC_MAX_KILOBYTES } from '../../../../contract/schemas/knowledgebase.js';
import { UsageError } from '../../../errors.js';
import { removeOnExit } from '../remove-on-exit.js';

export const SYNC_MAX_BYTES = SYNC_MAX_KILOBYTES * 1024;

export interface PreparedArchive {
  zipPath: string;
  /** File name announced in the upload. */
  filename: string;
  size: number;
  /** When the source is a folder: the folder, and the sha256 of each file zipped, by path. */
  folder?: { dir: string; files: Map<string, string> };
  cleanup(): Promise<void>;
}

/**
 * The ZIP to upload for `source`: a ZIP file as is, or a folder zipped into a
 * temp file (streamed, so its exact length is known). Refuses, before any
 * upload, what the service would refuse for size.
 */
export async function prepareArchive(source: string): Promise<PreparedArchive> {
  const info = await stat(source).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw new UsageError(`no such file or folder: ${source}`);
    throw err;
  });
  let prepared: PreparedArchive;
  if (info.isDirectory()) {
    const temp = await mkdtemp(path.join(os.tmpdir(), 'fp-kb-'));
    const forget = removeOnExit(temp);
    const cleanup = () => rm(temp, { recursive: true, force: true }).finally(forget);
    const zipPath = path.join(temp, 'archive.zip');
    try {
      const { zipFolder } = await import('../zip-folder.js');
      const zipped = await zipFolder(source, zipPath);
      prepared = {
        zipPath,
        filename: `${path.basename(path.resolve(source))}.zip`,
        size: (await stat(zipPath)).size,
        folder: { dir: source, files: new Map(zipped.files.map((f) => [f.archivePath, f.sha256])) },
        cleanup,
      };
    } catch (err) {
      await cleanup();
      throw err;
    }
  } else if (info.isFile()) {
    prepared = { zipPath: source, filename: path.basename(source), size: info.size, cleanup: async () => {} };
  } else {
    throw new UsageError(`${source} is neither a ZIP file nor a folder`);
  }
  if (prepared.size > SYNC_MAX_BYTES) {
    await prepared.cleanup();
    const what = info.isDirectory() ? `the ZIP of ${source}` : source;
    throw new UsageError(
      `${what} is ${Math.ceil(prepared.size / 1024)} KB; the service accepts uploads of at most ${SYNC_MAX_KILOBYTES} KB (100 MB)`,
    );
  }
  return prepared;
}
