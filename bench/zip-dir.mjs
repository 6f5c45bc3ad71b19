// A folder as a ZIP file, written with yazl (the reference archive the KB benchmarks upload with curl).
import { createWriteStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Zips the files under `dir` (dot files left out) into `out`; `extra` adds one more file, stored. */
export async function zipDir(dir, out, extra) {
  const yazl = await import('yazl');
  const { ZipFile } = yazl.default ?? yazl;
  const zip = new ZipFile();
  const walk = (rel) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else zip.addFile(join(dir, child), child);
    }
  };
  walk('');
  if (extra) zip.addFile(extra.file, extra.name, { compress: false });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(out));
}
