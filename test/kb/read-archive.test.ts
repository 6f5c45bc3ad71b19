import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ArchiveError } from '../../src/kb/archive-error.js';
import { readArchive } from '../../src/kb/read-archive.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-kb-read-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

type ZipEntry = { name: string; text?: string; data?: Buffer | (() => Readable); directory?: true };

/**
 * Writes a ZIP with yazl. yazl refuses unsafe names, so `rename` swaps a safe
 * name for an unsafe one of the same byte length in the finished bytes.
 */
async function writeZip(entries: ZipEntry[], rename: Record<string, string> = {}): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.directory) zip.addEmptyDirectory(entry.name);
    else if (typeof entry.data === 'function') zip.addReadStream(entry.data(), entry.name, { compressionLevel: 1 });
    else zip.addBuffer(entry.data ?? Buffer.from(entry.text ?? '', 'utf8'), entry.name);
  }
  zip.end();
  let bytes: Buffer = await buffer(zip.outputStream);
  for (const [from, to] of Object.entries(rename)) bytes = replaceAll(bytes, Buffer.from(from), Buffer.from(to));
  return writeBytes(bytes);
}

async function writeBytes(bytes: Buffer): Promise<string> {
  const path = join(dir, `upload-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(path, bytes);
  return path;
}

function replaceAll(bytes: Buffer, from: Buffer, to: Buffer): Buffer {
  if (from.length !== to.length) throw new Error('renames must keep the byte length');
  const out = Buffer.from(bytes);
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + 1)) to.copy(out, at);
  return out;
}

/** Sets the uncompressed size in every local and central header (single-entry ZIPs). */
function lieAboutSize(bytes: Buffer, size: number): Buffer {
  const out = Buffer.from(bytes);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) out.writeUInt32LE(size, at + 24);
  }
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<ArchiveError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArchiveError);
  return err as ArchiveError;
}

const article = (id: string, title: string, body: string) =>
  `---\nid: ${id}\ntitle: ${title}\nsort_order: 1\n---\n${body}`;

describe('readArchive: reading', () => {
  it('reads sections from _index.md front matter and articles from <slug>.md front matter', async () => {
    const path = await writeZip([
      { name: '_index.md', text: 'Root description\n' },
      {
        name: 'getting-started/_index.md',
        text: '---\nid: 10\nname: Getting started\nsort_order: 1\n---\nSection text.\n',
      },
      {
        name: 'getting-started/installation.md',
        text: '---\nid: abc12\ntitle: Installation\nsort_order: 2\n---\nBody',
      },
      { name: 'features/advanced/_index.md', text: '---\nid: 11\nname: Advanced\nsort_order: 3\n---\n' },
    ]);
    expect(await readArchive(path)).toEqual({
      rootDescription: 'Root description\n',
      sections: [
        { path: 'features', id: null, name: 'features', sort_order: null, description: '', parentPath: null },
        { path: 'features/advanced', id: 11, name: 'Advanced', sort_order: 3, description: '', parentPath: 'features' },
        {
          path: 'getting-started',
          id: 10,
          name: 'Getting started',
          sort_order: 1,
          description: 'Section text.\n',
          parentPath: null,
        },
      ],
      articles: [
        {
          path: 'getting-started/installation.md',
          id: 'abc12',
          title: 'Installation',
          sort_order: 2,
          body: 'Body',
          sectionPath: 'getting-started',
        },
      ],
    });
  });

  it('treats a folder without _index.md that holds articles as a new section named after the folder', async () => {
    const path = await writeZip([{ name: 'Guides/first.md', text: 'Just a body.' }]);
    const parsed = await readArchive(path);
    expect(parsed.sections).toEqual([
      { path: 'Guides', id: null, name: 'Guides', sort_order: null, description: '', parentPath: null },
    ]);
    expect(parsed.rootDescription).toBeNull();
  });

  it('gives a file without front matter no id, its slug as title and no sort_order', async () => {
    const path = await writeZip([{ name: 'new-page.md', text: '# Hello\n' }]);
    expect((await readArchive(path)).articles).toEqual([
      { path: 'new-page.md', id: null, title: 'new-page', sort_order: null, body: '# Hello\n', sectionPath: null },
    ]);
  });

  it('treats an emptied id line as no id', async () => {
    const path = await writeZip([{ name: 'copy.md', text: '---\nid:\ntitle: Copy\n---\n' }]);
    expect((await readArchive(path)).articles[0].id).toBeNull();
  });

  it('accepts and ignores non-markdown files, directory entries, hidden files and __MACOSX litter', async () => {
    const path = await writeZip([
      { name: 'images', directory: true },
      { name: 'images/screenshot.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]) },
      { name: '__MACOSX/._page.md', data: Buffer.from([0x00, 0x05, 0x16, 0x07, 0xff]) },
      { name: '.DS_Store', data: Buffer.from([0xff]) },
      { name: 'docs/.notes.md', text: 'ignored' },
      { name: 'page.md', text: 'kept' },
    ]);
    const parsed = await readArchive(path);
    expect(parsed.sections).toEqual([]);
    expect(parsed.articles.map((a) => a.path)).toEqual(['page.md']);
  });

  it('finds front matter after a byte order mark and with CRLF line ends', async () => {
    const path = await writeZip([{ name: 'win.md', text: '\uFEFF---\r\nid: k1\r\ntitle: Windows\r\n---\r\nBody\r\n' }]);
    expect((await readArchive(path)).articles[0]).toMatchObject({ id: 'k1', title: 'Windows', body: 'Body\r\n' });
  });

  it('always closes the zip file, after success and after a refusal', async () => {
    const close = vi.spyOn(yauzl.ZipFile.prototype, 'close');
    await readArchive(await writeZip([{ name: 'a.md', text: 'a' }]));
    expect(close).toHaveBeenCalledTimes(1);
    await refusal(readArchive(await writeZip([{ name: 'a.md', text: '---\nid: [\n---\n' }])));
    expect(close).toHaveBeenCalledTimes(2);
  });
});

describe('readArchive: refusals name the entry', () => {
  it('refuses a file that is not a ZIP', async () => {
    const err = await refusal(readArchive(await writeBytes(Buffer.from('this is not a zip file'))));
    expect(err.message).toBe('The file is not a valid ZIP archive.');
    expect(err.entry).toBeNull();
  });

  it('refuses a truncated ZIP whose central directory is damaged', async () => {
    const bytes = await buffer(
      (() => {
        const zip = new yazl.ZipFile();
        zip.addBuffer(Buffer.from('hello'), 'a.md');
        zip.addBuffer(Buffer.from('world'), 'b.md');
        zip.end();
        return zip.outputStream;
      })(),
    );
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(0xdeadbeef, central);
    const err = await refusal(readArchive(await writeBytes(bytes)));
    expect(err.message).toBe('The file is not a valid ZIP archive.');
  });

  it('refuses entry paths containing ".." segments', async () => {
    const err = await refusal(
      readArchive(await writeZip([{ name: 'xx/evil.md', text: 'x' }], { 'xx/evil.md': '../evil.md' })),
    );
    expect(err.entry).toBe('../evil.md');
    expect(err.message).toBe('Entry "../evil.md": path must be relative and must not contain "..".');
  });

  it('refuses absolute entry paths', async () => {
    const err = await refusal(readArchive(await writeZip([{ name: 'xetc.md', text: 'x' }], { 'xetc.md': '/etc.md' })));
    expect(err.message).toBe('Entry "/etc.md": path must be relative and must not contain "..".');
  });

  it('refuses Windows drive paths', async () => {
    const err = await refusal(
      readArchive(await writeZip([{ name: 'xxevil.md', text: 'x' }], { 'xxevil.md': 'C:evil.md' })),
    );
    expect(err.message).toBe('Entry "C:evil.md": path must be relative and must not contain "..".');
  });

  it('refuses entry paths with backslashes', async () => {
    const err = await refusal(readArchive(await writeZip([{ name: 'a/b.md', text: 'x' }], { 'a/b.md': 'a\\b.md' })));
    expect(err.message).toBe('Entry "a\\b.md": path must not contain backslashes.');
  });

  it('refuses front matter that is not valid YAML', async () => {
    const err = await refusal(
      readArchive(await writeZip([{ name: 'bad.md', text: '---\ntitle: [unclosed\n---\nbody' }])),
    );
    expect(err.entry).toBe('bad.md');
    expect(err.message).toMatch(/^Entry "bad\.md": front matter is not valid YAML \(.+\)\.$/);
  });

  it('refuses front matter that is not a mapping', async () => {
    const err = await refusal(readArchive(await writeZip([{ name: 'list.md', text: '---\n- a\n- b\n---\n' }])));
    expect(err.message).toBe('Entry "list.md": front matter must be a YAML mapping of keys to values.');
  });

  it('refuses front matter with a repeated key', async () => {
    const err = await refusal(
      readArchive(await writeZip([{ name: 'twice.md', text: '---\ntitle: a\ntitle: b\n---\n' }])),
    );
    expect(err.message).toMatch(/^Entry "twice\.md": front matter is not valid YAML/);
  });

  it('refuses front matter that is never closed', async () => {
    const err = await refusal(readArchive(await writeZip([{ name: 'open.md', text: '---\ntitle: a\nbody' }])));
    expect(err.message).toBe('Entry "open.md": front matter is not closed by a "---" line.');
  });

  it('refuses a section id that is not an integer', async () => {
    const err = await refusal(
      readArchive(await writeZip([{ name: 's/_index.md', text: '---\nid: ten\nname: S\n---\n' }])),
    );
    expect(err.message).toBe('Entry "s/_index.md": front matter "id" must be a positive integer (the section id).');
  });

  it('refuses an article id that is not a string', async () => {
    const err = await refusal(readArchive(await writeZip([{ name: 'a.md', text: article('123', 'A', '') }])));
    expect(err.message).toBe(
      'Entry "a.md": front matter "id" must be a non-empty string (the post key); quote it if it looks like a number.',
    );
  });

  it('refuses a title or name that is not a string', async () => {
    const title = await refusal(readArchive(await writeZip([{ name: 'a.md', text: article('k', 'true', '') }])));
    expect(title.message).toBe(
      'Entry "a.md": front matter "title" must be a string; quote it if it looks like a number or boolean.',
    );
    const name = await refusal(readArchive(await writeZip([{ name: 's/_index.md', text: '---\nname: 42\n---\n' }])));
    expect(name.message).toBe(
      'Entry "s/_index.md": front matter "name" must be a string; quote it if it looks like a number or boolean.',
    );
  });

  it('refuses a sort_order that is not a number', async () => {
    const err = await refusal(readArchive(await writeZip([{ name: 'a.md', text: '---\nsort_order: first\n---\n' }])));
    expect(err.message).toBe('Entry "a.md": front matter "sort_order" must be a number.');
  });

  it('refuses markdown that is not UTF-8', async () => {
    const err = await refusal(
      readArchive(await writeZip([{ name: 'latin1.md', data: Buffer.from([0x63, 0x61, 0x66, 0xe9]) }])),
    );
    expect(err.message).toBe('Entry "latin1.md": content is not valid UTF-8 text.');
  });

  it('refuses the same path twice', async () => {
    const err = await refusal(
      readArchive(
        await writeZip(
          [
            { name: 'a.md', text: '1' },
            { name: 'b.md', text: '2' },
          ],
          { 'b.md': 'a.md' },
        ),
      ),
    );
    expect(err.message).toBe('Entry "a.md": the archive contains this path twice.');
  });
});

describe('readArchive: size and count limits', () => {
  it('refuses more than 10,000 entries', async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ name: `d${i}`, directory: true as const }));
    const err = await refusal(readArchive(await writeZip(entries)));
    expect(err.message).toBe('The archive has 10001 entries; at most 10,000 are allowed.');
  });

  it('accepts exactly the maximum number of entries', async () => {
    const path = await writeZip([
      { name: 'a.md', text: 'a' },
      { name: 'b.md', text: 'b' },
    ]);
    expect((await readArchive(path, { maxEntries: 2 })).articles).toHaveLength(2);
  });

  it('refuses an entry over 100 MB uncompressed before inflating it', async () => {
    const size = 100 * 1024 * 1024 + 1;
    const zeros = () =>
      Readable.from(
        (function* () {
          const chunk = Buffer.alloc(1024 * 1024);
          for (let left = size; left > 0; left -= chunk.length)
            yield left >= chunk.length ? chunk : chunk.subarray(0, left);
        })(),
      );
    const err = await refusal(readArchive(await writeZip([{ name: 'bomb.md', data: zeros }])));
    expect(err.message).toBe('Entry "bomb.md": uncompressed size is over the limit of 100 MB per entry.');
  }, 60_000);

  it('refuses a highly compressed entry over a small per-entry limit (zip bomb guard)', async () => {
    const path = await writeZip([{ name: 'bomb.md', data: Buffer.alloc(50_000, 0x61) }]);
    const err = await refusal(readArchive(path, { maxEntryBytes: 1_000 }));
    expect(err.message).toBe('Entry "bomb.md": uncompressed size is over the limit of 1000 bytes per entry.');
  });

  it('refuses an entry whose header understates its uncompressed size', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.alloc(50_000, 0x61), 'liar.md');
    zip.end();
    const path = await writeBytes(lieAboutSize(await buffer(zip.outputStream), 10));
    const err = await refusal(readArchive(path, { maxEntryBytes: 1_000 }));
    expect(err.entry).toBe('liar.md');
    expect(err.message).toBe('Entry "liar.md": uncompressed size does not match the size in its header.');
  });

  it('refuses when the total uncompressed size goes over the limit', async () => {
    const path = await writeZip([
      { name: 'a.md', data: Buffer.alloc(600, 0x61) },
      { name: 'images/b.png', data: Buffer.alloc(600, 0x62) },
    ]);
    const err = await refusal(readArchive(path, { maxEntryBytes: 1_000, maxTotalBytes: 1_000 }));
    expect(err.message).toBe(
      'Entry "images/b.png": the archive\'s total uncompressed size goes over the limit of 1000 bytes.',
    );
  });
});

describe('readArchive: what one markdown file may hold', () => {
  it('refuses front matter of 40,000 keys at once, by its size', async () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `k${i}: ${i}`).join('\n');
    const err = await refusal(readArchive(await writeZip([{ name: 'keys.md', text: `---\n${keys}\n---\nbody` }])));
    expect(err.message).toBe('Entry "keys.md": front matter is over the limit of 16384 characters.');
  });

  it('refuses front matter of more than 64 keys', async () => {
    const keys = Array.from({ length: 65 }, (_, i) => `k${i}: ${i}`).join('\n');
    const err = await refusal(readArchive(await writeZip([{ name: 'keys.md', text: `---\n${keys}\n---\nbody` }])));
    expect(err.message).toBe('Entry "keys.md": front matter has 65 keys; at most 64 are allowed.');
  });

  it('accepts 64 keys and still refuses a repeated one', async () => {
    const keys = Array.from({ length: 63 }, (_, i) => `k${i}: ${i}`).join('\n');
    const ok = await readArchive(await writeZip([{ name: 'keys.md', text: `---\ntitle: T\n${keys}\n---\nbody` }]));
    expect(ok.articles.map((a) => a.title)).toEqual(['T']);
    const err = await refusal(
      readArchive(await writeZip([{ name: 'twice.md', text: `---\n${keys}\nk5: again\n---\n` }])),
    );
    expect(err.message).toBe('Entry "twice.md": front matter is not valid YAML (the key "k5" appears twice).');
  });

  it('refuses a billion-laughs document as an archive problem, not a server fault', async () => {
    const laughs = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
    ].join('\n');
    const err = await refusal(readArchive(await writeZip([{ name: 'laughs.md', text: `---\n${laughs}\n---\n` }])));
    expect(err.message).toBe('Entry "laughs.md": front matter expands aliases more than 100 times.');
  });

  it('refuses a 60 MB front matter value in a small ZIP without inflating it', async () => {
    const value = () =>
      Readable.from(
        (function* () {
          yield Buffer.from('---\ntitle: ');
          const chunk = Buffer.alloc(1024 * 1024, 97);
          for (let i = 0; i < 60; i++) yield chunk;
          yield Buffer.from('\n---\n');
        })(),
      );
    const path = await writeZip([{ name: 'big.md', data: value }]);
    const err = await refusal(readArchive(path));
    expect(err.message).toBe('Entry "big.md": markdown file is over the limit of 1 MB (front matter and body).');
  });

  it('refuses a markdown file whose header understates its size once 1 MB has been read', async () => {
    const text = `---\ntitle: x\n---\n${'b'.repeat(1024 * 1024)}`;
    const honest = await readFile(await writeZip([{ name: 'big.md', text }]));
    const err = await refusal(readArchive(await writeBytes(lieAboutSize(honest, 100))));
    expect(err.entry).toBe('big.md');
  });

  it('refuses a title or section name over 255 characters', async () => {
    const long = 't'.repeat(256);
    const article = await refusal(readArchive(await writeZip([{ name: 'a.md', text: `---\ntitle: ${long}\n---\n` }])));
    expect(article.message).toBe('Entry "a.md": front matter "title" is over the limit of 255 characters.');
    const section = await refusal(
      readArchive(await writeZip([{ name: 's/_index.md', text: `---\nname: ${long}\n---\n` }])),
    );
    expect(section.message).toBe('Entry "s/_index.md": front matter "name" is over the limit of 255 characters.');
    const ok = await readArchive(await writeZip([{ name: 'a.md', text: `---\ntitle: ${'t'.repeat(255)}\n---\n` }]));
    expect(ok.articles[0].title).toHaveLength(255);
  });
});
