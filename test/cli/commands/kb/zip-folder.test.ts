import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zipFolderStream } from '../../../../src/cli/commands/kb/zip-folder.js';
import { UsageError } from '../../../../src/cli/errors.js';
import { countArchive, unzipToDir } from '../../../../src/cli/commands/kb/unzip-to-dir.js';
import { zipFolder } from './zip-to-file.js';

const temps: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'fp-kb-zip-test-'));
  temps.push(d);
  return d;
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The files a zipping of the folder takes, listed (and refused) before any is read. */
const listFolder = async (dir: string) => (await zipFolderStream(dir)).files;

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

  it('refuses symbolic links (to files or folders), naming each, before reading anything', async () => {
    const src = tempDir();
    const elsewhere = tempDir();
    writeTree(elsewhere, { 'config.json': '{"apiKey":"secret"}', 'outside.md': 'outside' });
    writeTree(src, { 'a.md': 'A', 'guide/b.md': 'B' });
    symlinkSync(join(elsewhere, 'config.json'), join(src, 'guide', 'notes.md'));
    symlinkSync(elsewhere, join(src, 'linked'));
    const out = join(tempDir(), 'out.zip');
    const err = await zipFolder(src, out).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).name).toBe('UnsafeFolderError');
    expect((err as Error).message).toBe(
      `refusing to read ${src}: only regular files inside the folder are synced, and these are not: guide/notes.md (a symbolic link), linked (a symbolic link)`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a named pipe (a read would block or read something else than a file)', async () => {
    const src = tempDir();
    writeTree(src, { 'a.md': 'A' });
    execFileSync('mkfifo', [join(src, 'pipe.md')]);
    await expect(listFolder(src)).rejects.toThrow(/these are not: pipe\.md \(a named pipe\)$/);
  });

  it('reports the sha256 of every file zipped', async () => {
    const src = tempDir();
    writeTree(src, { 'a.md': 'A', 'guide/b.md': 'B' });
    const { files } = await zipFolder(src, join(tempDir(), 'out.zip'));
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    expect(files).toEqual([
      { archivePath: 'a.md', sha256: sha('A') },
      { archivePath: 'guide/b.md', sha256: sha('B') },
    ]);
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

describe('zipping a folder: AI instruction files', () => {
  it('D-KB-INSTRUCTION-FILES sends .cursorrules with the folder, and skips an instruction file that is a link', async () => {
    const src = tempDir();
    writeTree(src, { 'a.md': 'A', '.cursorrules': 'rules', 'AGENTS.md': 'shared', '.hidden': 'no' });
    symlinkSync(join(src, 'AGENTS.md'), join(src, 'CLAUDE.md'));
    expect((await listFolder(src)).map((f) => f.archivePath)).toEqual(['.cursorrules', 'AGENTS.md', 'a.md']);
  });
});
