import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listFolder, zipFolder } from '../../../../src/cli/commands/kb/zip-folder.js';
import { countArchive, unzipToDir } from '../../../../src/cli/commands/kb/unzip-to-dir.js';

const temps: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'fp-kb-zip-test-'));
  temps.push(d);
  return d;
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

function writeTree(root: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

describe('zipFolder', () => {
  it('skips dotfiles and dot folders at any depth', async () => {
    const src = tempDir();
    writeTree(src, {
      '_index.md': 'root',
      'guide/_index.md': '---\nname: Guide\n---\n',
      'guide/a.md': 'A',
      '.git/config': 'x',
      '.DS_Store': 'x',
      'guide/.hidden.md': 'x',
      'guide/.cache/b.md': 'x',
    });
    const { entries } = await zipFolder(src, join(tempDir(), 'out.zip'));
    expect(entries).toEqual(['_index.md', 'guide/_index.md', 'guide/a.md']);
  });

  it('follows symlinks to files but does not enter symlinked folders', async () => {
    const src = tempDir();
    const elsewhere = tempDir();
    writeTree(elsewhere, { 'outside.md': 'outside', 'img.png': 'png' });
    writeTree(src, { 'a.md': 'A' });
    symlinkSync(join(elsewhere, 'img.png'), join(src, 'img.png'));
    symlinkSync(elsewhere, join(src, 'linked'));
    expect((await listFolder(src)).map((f) => f.archivePath)).toEqual(['a.md', 'img.png']);
  });

  it('round trip: a zipped folder unpacks to the same files and bytes', async () => {
    const src = tempDir();
    const files = {
      '_index.md': 'Root description',
      'getting-started/_index.md': '---\nid: 10\nname: Getting started\n---\nIntro',
      'getting-started/installation.md': '---\nid: abc12\ntitle: Installation\n---\nSteps ✓',
      'getting-started/advanced/_index.md': '---\nname: Advanced\n---\n',
      'images/screenshot.png': '\u0089PNG binary-ish',
    };
    writeTree(src, files);
    const zip = join(tempDir(), 'kb.zip');
    await zipFolder(src, zip);
    expect(await countArchive(zip)).toEqual({ sections: 2, articles: 1, entries: 5 });

    const dest = tempDir();
    const result = await unzipToDir(zip, dest);
    expect(result.files.sort()).toEqual(Object.keys(files).sort());
    expect(result).toMatchObject({ sections: 2, articles: 1, removed: [] });
    for (const [p, text] of Object.entries(files)) expect(readFileSync(join(dest, p), 'utf8')).toBe(text);
  });

  it('refuses a path that is not a folder', async () => {
    const src = tempDir();
    writeTree(src, { 'a.md': 'A' });
    await expect(zipFolder(join(src, 'a.md'), join(tempDir(), 'out.zip'))).rejects.toThrow(/is not a folder/);
  });
});
