import { zipFolderStream } from '../../../../src/cli/commands/kb/zip-folder.js';
import { pipeToFile } from '../../../../src/contract/pipe-to-file.js';

/** A folder zipped into `outFile` as `fp kb sync` zips it for an upload: the archive paths in order, and each file's sha256. */
export async function zipFolder(dir: string, outFile: string) {
  const zip = await zipFolderStream(dir);
  await pipeToFile(zip.chunks, outFile, 'w');
  return {
    entries: zip.files.map((f) => f.archivePath),
    files: zip.files.map((f) => ({ archivePath: f.archivePath, sha256: zip.hashes.get(f.archivePath)! })),
  };
}
