import { createWriteStream } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ZipFolderResult {
  /** Archive paths, `/`-separated, in the order written. */
  entries: string[];
}

/**
 * The archive paths of a knowledge-base folder: every regular file (symlinks to
 * files followed), sorted, skipping dotfiles and dot folders (`.git`, `.DS_Store`)
 * at any depth. Symlinked folders are not entered, so a link cannot pull in
 * content from elsewhere or loop.
 */
export async function listFolder(root: string): Promise<Array<{ archivePath: string; realPath: string }>> {
  const found: Array<{ archivePath: string; realPath: string }> = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const names = (await readdir(dir)).sort();
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const full = path.join(dir, name);
      const info = await lstat(full);
      if (info.isDirectory()) await walk(full, `${prefix}${name}/`);
      else if (info.isFile()) found.push({ archivePath: prefix + name, realPath: full });
      else if (info.isSymbolicLink()) {
        const target = await stat(full).catch(() => null);
        if (target?.isFile()) found.push({ archivePath: prefix + name, realPath: full });
      }
    }
  };
  await walk(root, '');
  return found;
}

/** Zips a folder into `outFile`, streaming each file from disk (nothing is held in memory whole). */
export async function zipFolder(dir: string, outFile: string): Promise<ZipFolderResult> {
  const info = await stat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} is not a folder`);
  const files = await listFolder(dir);
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // yazl reports a file it cannot read on the ZipFile, not on its output stream.
  zip.on('error', (err: Error) => output.destroy(err));
  for (const file of files) zip.addFile(file.realPath, file.archivePath);
  zip.end();
  await pipeline(output, createWriteStream(outFile));
  return { entries: files.map((f) => f.archivePath) };
}
