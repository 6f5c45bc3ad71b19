import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unsafeEntryReason, unzipToDir } from '../../../../src/cli/commands/kb/unzip-to-dir.js';

const temps: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'fp-kb-unzip-test-'));
  temps.push(d);
  return d;
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * A ZIP of the given entries. yazl refuses unsafe names, so an entry may be
 * written under a same-length placeholder and renamed in the bytes afterwards.
 */
async function makeZip(entries: Record<string, string>, rename: Record<string, string> = {}): Promise<string> {
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of Object.entries(rename)) {
    expect(to.length).toBe(from.length);
    bytes = Buffer.from(bytes.toString('latin1').split(from).join(to), 'latin1');
  }
  const file = join(tempDir(), 'test.zip');
  writeFileSync(file, bytes);
  return file;
}

function tree(root: string, prefix = ''): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((e) => {
    const p = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? [`${p}/`, ...tree(root, p)] : [p];
  });
}

describe('unsafeEntryReason', () => {
  it.each([
    ['../evil.md', 'path must not contain ".."'],
    ['a/../../evil.md', 'path must not contain ".."'],
    ['/etc/passwd', 'path must be relative'],
    ['C:/x.md', 'path must be relative'],
    ['a\\b.md', 'path must not contain backslashes'],
    ['a//b.md', 'path must not contain empty or "." segments'],
  ])('refuses %s', (name, reason) => {
    expect(unsafeEntryReason(name)).toBe(reason);
  });

  it('accepts plain relative paths', () => {
    expect(unsafeEntryReason('getting-started/advanced/_index.md')).toBeNull();
    expect(unsafeEntryReason('folder/')).toBeNull();
  });
});

describe('unzipToDir', () => {
  it('refuses an entry with ".." and leaves the folder untouched', async () => {
    const zip = await makeZip({ 'ok.md': 'fine', 'xx/evil.md': 'pwned' }, { 'xx/evil.md': '../evil.md' });
    const parent = tempDir();
    const dest = join(parent, 'kb');
    mkdirSync(dest);
    writeFileSync(join(dest, 'old.md'), 'old');
    const err = await unzipToDir(zip, dest).catch((e: unknown) => e);
    expect((err as Error).name).toBe('UnsafeEntryError');
    expect((err as Error).message).toBe('refusing archive entry "../evil.md": path must not contain ".."');
    expect(tree(dest)).toEqual(['old.md']);
    expect(existsSync(join(parent, 'evil.md'))).toBe(false);
  });

  it('refuses an absolute entry path', async () => {
    const zip = await makeZip({ 'Zabs.md': 'x' }, { 'Zabs.md': '/abs.md' });
    await expect(unzipToDir(zip, tempDir())).rejects.toThrow('refusing archive entry "/abs.md": path must be relative');
  });

  it('replaces the markdown files but keeps other files and dot folders', async () => {
    const dest = tempDir();
    mkdirSync(join(dest, '.git'));
    writeFileSync(join(dest, '.git', 'HEAD'), 'ref');
    writeFileSync(join(dest, '.git', 'notes.md'), 'not managed');
    writeFileSync(join(dest, 'README.txt'), 'mine');
    mkdirSync(join(dest, 'gone'));
    writeFileSync(join(dest, 'gone', '_index.md'), 'deleted section');
    writeFileSync(join(dest, 'gone', 'deleted.md'), 'deleted article');
    mkdirSync(join(dest, 'kept'));
    writeFileSync(join(dest, 'kept', 'photo.png'), 'png');
    writeFileSync(join(dest, 'kept', 'old.md'), 'deleted article');
    writeFileSync(join(dest, 'a.md'), 'old text');

    const zip = await makeZip({ 'a.md': 'new text', 'guide/_index.md': 'Guide', 'guide/b.md': 'B' });
    const result = await unzipToDir(zip, dest);

    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    expect(result).toEqual({
      files: ['a.md', 'guide/_index.md', 'guide/b.md'],
      hashes: new Map([
        ['a.md', sha('new text')],
        ['guide/_index.md', sha('Guide')],
        ['guide/b.md', sha('B')],
      ]),
      removed: ['gone/_index.md', 'gone/deleted.md', 'kept/old.md'],
      sections: 1,
      articles: 2,
    });
    expect(tree(dest).sort()).toEqual(
      [
        '.git/',
        '.git/HEAD',
        '.git/notes.md',
        'README.txt',
        'a.md',
        'guide/',
        'guide/_index.md',
        'guide/b.md',
        'kept/',
        'kept/photo.png',
      ].sort(),
    );
    expect(readFileSync(join(dest, 'a.md'), 'utf8')).toBe('new text');
  });

  it('skips dotfile entries of the archive, so nothing lands in .git', async () => {
    const zip = await makeZip({ 'a.md': 'A', '.git/hooks/post-checkout': 'rm -rf ~', '__MACOSX/._a.md': 'x' });
    const dest = tempDir();
    const result = await unzipToDir(zip, dest);
    expect(result.files).toEqual(['a.md']);
    expect(tree(dest)).toEqual(['a.md']);
  });

  it('refuses to write through a symlinked folder and changes nothing', async () => {
    const dest = tempDir();
    const outside = tempDir();
    symlinkSync(outside, join(dest, 'guide'));
    writeFileSync(join(dest, 'a.md'), 'old');
    const zip = await makeZip({ 'a.md': 'new', 'guide/b.md': 'B' });
    await expect(unzipToDir(zip, dest)).rejects.toThrow(
      /refusing archive entry "guide\/": .* exists and is not a folder/,
    );
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(join(dest, 'a.md'), 'utf8')).toBe('old');
  });

  it('leaves a file that already holds what the archive brings as it is (beforeReplacing tells), and replaces the others', async () => {
    const dest = tempDir();
    writeFileSync(join(dest, 'same.md'), 'same');
    writeFileSync(join(dest, 'changed.md'), 'old');
    const inode = (name: string) => statSync(join(dest, name)).ino;
    const before = { same: inode('same.md'), changed: inode('changed.md') };
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    let seen: string[] = [];
    await unzipToDir(await makeZip({ 'same.md': 'same', 'changed.md': 'new', 'added.md': 'added' }), dest, {
      beforeReplacing: async (_incoming, replaced) => {
        seen = replaced;
        return new Map([
          ['same.md', sha('same')],
          ['changed.md', sha('old')],
        ]);
      },
    });
    expect(seen).toEqual(['changed.md', 'same.md']);
    expect(inode('same.md')).toBe(before.same);
    expect(inode('changed.md')).not.toBe(before.changed);
    expect(['same.md', 'changed.md', 'added.md'].map((n) => readFileSync(join(dest, n), 'utf8'))).toEqual([
      'same',
      'new',
      'added',
    ]);
    expect(tree(dest).sort()).toEqual(['added.md', 'changed.md', 'same.md']);
  });

  it('refuses an entry whose data fails its CRC check and changes nothing', async () => {
    const zip = await makeZip({ 'a.md': 'AAAA', 'b.md': 'good' });
    const bytes = readFileSync(zip);
    bytes[bytes.indexOf('AAAA')] = 'B'.charCodeAt(0);
    writeFileSync(zip, bytes);
    const dest = tempDir();
    writeFileSync(join(dest, 'old.md'), 'old');
    await expect(unzipToDir(zip, dest)).rejects.toThrow('archive entry "a.md" fails its CRC check');
    expect(tree(dest)).toEqual(['old.md']);
  });

  it('large entries go through a staging folder and land whole; the staging folder is gone afterwards', async () => {
    const big = (c: string) => c.repeat(300 * 1024);
    const zip = await makeZip({ 'images/a.bin': big('a'), 'images/b.bin': big('b'), 'guide/_index.md': 'Guide' });
    const dest = tempDir();
    const result = await unzipToDir(zip, dest);
    expect(result.files).toEqual(['images/a.bin', 'images/b.bin', 'guide/_index.md']);
    expect(readFileSync(join(dest, 'images', 'a.bin'), 'utf8')).toBe(big('a'));
    expect(readFileSync(join(dest, 'images', 'b.bin'), 'utf8')).toBe(big('b'));
    expect(tree(dest).sort()).toEqual(['guide/', 'guide/_index.md', 'images/', 'images/a.bin', 'images/b.bin']);
  });

  it('a large entry is checked as it streams: a flipped byte fails its CRC, more data than its header says fails, and nothing changes', async () => {
    const big = 'x'.repeat(300 * 1024);
    const zip = await makeZip({ 'images/a.bin': big, 'b.md': 'good' });
    const bytes = readFileSync(zip);
    const dest = tempDir();
    writeFileSync(join(dest, 'old.md'), 'old');

    const flipped = Buffer.from(bytes);
    flipped[bytes.indexOf('xxxx') + 1000] = 'y'.charCodeAt(0);
    writeFileSync(zip, flipped);
    await expect(unzipToDir(zip, dest)).rejects.toThrow('archive entry "images/a.bin" fails its CRC check');

    // Deflated, with headers that say 1 kB less than the data inflates to.
    const { zipStream } = await import('../../../../src/kb-archive/zip/write-zip.js');
    const chunks: Buffer[] = [];
    for await (const c of zipStream([
      { name: 'images/a.bin', data: Buffer.from(big) },
      { name: 'b.md', data: Buffer.from('good') },
    ]))
      chunks.push(c);
    const shorter = Buffer.concat(chunks);
    for (let at = shorter.indexOf('PK'); at !== -1; at = shorter.indexOf('PK', at + 1)) {
      const sig = shorter.readUInt32LE(at);
      const off = sig === 0x04034b50 ? 22 : sig === 0x02014b50 ? 24 : undefined;
      if (off !== undefined && shorter.readUInt32LE(at + off) === big.length)
        shorter.writeUInt32LE(big.length - 1024, at + off);
    }
    writeFileSync(zip, shorter);
    await expect(unzipToDir(zip, dest)).rejects.toThrow(
      'archive entry "images/a.bin" inflates to more than the 306176 bytes its header says',
    );
    expect(tree(dest)).toEqual(['old.md']);
  });

  it('creates the target folder when it does not exist', async () => {
    const dest = join(tempDir(), 'new', 'kb');
    await unzipToDir(await makeZip({ 's/_index.md': 'S' }), dest);
    expect(tree(dest)).toEqual(['s/', 's/_index.md']);
  });
});

describe('unzipToDir: AI instruction files and images', () => {
  it("D-KB-INSTRUCTION-FILES writes the instruction files into a folder without them, and keeps the folder's own", async () => {
    const zip = await makeZip({ 'CLAUDE.md': 'generic', '.cursorrules': 'generic', 'a.md': 'A', '.git/x': 'no' });
    const fresh = tempDir();
    const first = await unzipToDir(zip, fresh);
    expect(tree(fresh).sort()).toEqual(['.cursorrules', 'CLAUDE.md', 'a.md']);
    expect(first).toMatchObject({ articles: 1, sections: 0 });

    const own = tempDir();
    writeFileSync(join(own, 'CLAUDE.md'), 'our own rules');
    mkdirSync(join(own, 'guide'));
    writeFileSync(join(own, 'guide', 'CLAUDE.md'), 'nested rules');
    const result = await unzipToDir(zip, own);
    expect(readFileSync(join(own, 'CLAUDE.md'), 'utf8')).toBe('our own rules');
    expect(readFileSync(join(own, 'guide', 'CLAUDE.md'), 'utf8')).toBe('nested rules');
    expect(readFileSync(join(own, '.cursorrules'), 'utf8')).toBe('generic');
    // The manifest records the file as it is in the folder.
    expect(result.hashes.get('CLAUDE.md')).toBe(createHash('sha256').update('our own rules').digest('hex'));
    expect(result.removed).toEqual([]);
  });

  it('D-KB-IMAGES removes images the export no longer has, and keeps other files', async () => {
    const dir = tempDir();
    await unzipToDir(await makeZip({ 'a.md': 'A', 'images/old.png': 'x', 'images/kept.png': 'y' }), dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const result = await unzipToDir(await makeZip({ 'a.md': 'A', 'images/kept.png': 'y' }), dir);
    expect(result.removed).toEqual(['images/old.png']);
    expect(tree(dir).sort()).toEqual(['a.md', 'images/', 'images/kept.png', 'notes.txt']);
  });
});
