import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ArchiveError } from '../../src/kb-archive/archive-error.js';
import { readArchive } from '../../src/kb-archive/read-archive.js';
import { GIF, NOT_AN_IMAGE, SVG, png } from '../support/images.js';

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
      images: [],
      instructionFiles: [],
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
      { name: 'files/manual.pdf', data: Buffer.from([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe]) },
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

describe('readArchive: AI instruction files and images', () => {
  it('D-KB-INSTRUCTION-FILES lists CLAUDE.md and .cursorrules, at any depth, and never reads them as articles', async () => {
    const path = await writeZip([
      { name: 'CLAUDE.md', text: '# Editing this knowledge base\n' },
      { name: '.cursorrules', text: 'rules' },
      { name: 'guide/CLAUDE.md', text: 'More rules.' },
      { name: 'guide/claude.md', text: 'An article named so.' },
      { name: '.git/CLAUDE.md', text: 'not content' },
      { name: '__MACOSX/.cursorrules', text: 'litter' },
    ]);
    const parsed = await readArchive(path);
    expect(parsed.instructionFiles).toEqual(['.cursorrules', 'CLAUDE.md', 'guide/CLAUDE.md']);
    expect(parsed.articles.map((a) => a.path)).toEqual(['guide/claude.md']);
  });

  it('D-KB-IMAGES reads images/ and the files bodies show as images, judged by content, keyed under images/', async () => {
    const red = png(255, 0, 0);
    const path = await writeZip([
      { name: 'images/logo.gif', data: GIF },
      { name: 'images/screens/red.jpg', data: red },
      { name: 'guide/setup.md', text: '![d](diagram.png) [manual](manual.pdf) ![missing](nowhere.png)' },
      { name: 'guide/diagram.png', data: red },
      { name: 'guide/manual.pdf', data: NOT_AN_IMAGE },
      { name: 'unlinked.png', data: NOT_AN_IMAGE },
    ]);
    const { images } = await readArchive(path);
    expect(images!.map(({ path, key, contentType, data }) => ({ path, key, contentType, bytes: data.length }))).toEqual(
      [
        { path: 'guide/diagram.png', key: 'guide/diagram.png', contentType: 'image/png', bytes: red.length },
        { path: 'images/logo.gif', key: 'logo.gif', contentType: 'image/gif', bytes: GIF.length },
        // A PNG named .jpg is a PNG: the name says nothing.
        { path: 'images/screens/red.jpg', key: 'screens/red.jpg', contentType: 'image/png', bytes: red.length },
      ],
    );
    expect(images![0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('D-KB-IMAGES reads images linked from HTML bodies on a wysiwyg portal', async () => {
    const path = await writeZip([
      { name: 'a.md', text: '<p><img src="pics/a.png" alt=""></p>' },
      { name: 'pics/a.png', data: png(0, 0, 0) },
    ]);
    expect((await readArchive(path, {}, { editorType: 'wysiwyg' })).images!.map((i) => i.key)).toEqual(['pics/a.png']);
  });

  it('D-KB-IMAGES refuses a file of images/ that is not an accepted image, whatever its name', async () => {
    for (const [name, data] of [
      ['images/a.png', NOT_AN_IMAGE],
      ['images/logo.svg', SVG],
      ['images/empty.png', Buffer.alloc(0)],
    ] as const) {
      const err = await refusal(readArchive(await writeZip([{ name, data }])));
      expect(err.message).toBe(
        `Entry "${name}": is not an image of an accepted type (PNG, JPEG, GIF or WebP); the type is judged by the content, not the name.`,
      );
    }
  });

  it('D-KB-IMAGES refuses an image over the per-file limit, images over the total, and too many images', async () => {
    const big = Buffer.concat([png(1, 1, 1), Buffer.alloc(200)]);
    const limits = { maxImageBytes: 150, maxTotalBytes: 1000, maxImages: 2 };
    let err = await refusal(
      readArchive(await writeZip([{ name: 'images/big.png', data: big }]), {}, { imageLimits: limits }),
    );
    expect(err.message).toBe('Entry "images/big.png": image is over the limit of 150 bytes.');
    // A header that lies about the size is caught by the bytes that really arrive.
    const lying = lieAboutSize(
      await readFile(await writeZip([{ name: 'images/big.png', data: () => Readable.from([big]) }])),
      100,
    );
    err = await refusal(readArchive(await writeBytes(lying), {}, { imageLimits: limits }));
    expect(err.entry).toBe('images/big.png');
    err = await refusal(
      readArchive(
        await writeZip([1, 2, 3].map((n) => ({ name: `images/${n}.png`, data: png(n, n, n) }))),
        {},
        { imageLimits: { ...limits, maxImages: 10, maxTotalBytes: 150 } },
      ),
    );
    expect(err.message).toBe('Entry "images/3.png": the archive\'s images go over the limit of 150 bytes in all.');
    err = await refusal(
      readArchive(
        await writeZip([1, 2, 3].map((n) => ({ name: `images/${n}.png`, data: png(n, n, n) }))),
        {},
        { imageLimits: limits },
      ),
    );
    expect(err.message).toBe('Entry "images/3.png": the archive has 3 images; at most 2 are allowed.');
  });

  it('D-KB-IMAGES refuses two images kept under one key with other bytes, and keys that differ only in case', async () => {
    let err = await refusal(
      readArchive(
        await writeZip([
          { name: 'guide/a.md', text: '![x](d.png)' },
          { name: 'guide/d.png', data: png(1, 1, 1) },
          { name: 'images/guide/d.png', data: png(2, 2, 2) },
        ]),
      ),
    );
    expect(err.message).toBe(
      'Entry "images/guide/d.png": is kept as "images/guide/d.png", which "guide/d.png" also is, with other content.',
    );
    err = await refusal(
      readArchive(
        await writeZip([
          { name: 'images/A.png', data: png(1, 1, 1) },
          { name: 'images/a.png', data: png(2, 2, 2) },
        ]),
      ),
    );
    expect(err.message).toBe(
      'Entry "images/a.png": differs only in case from the image "images/A.png"; rename one of them.',
    );
  });

  it('D-KB-IMAGES refuses an image path that escapes the archive, as any entry', async () => {
    const err = await refusal(
      readArchive(
        await writeZip([{ name: 'images/xx/a.png', data: png(1, 1, 1) }], { 'images/xx/a.png': 'images/../a.png' }),
      ),
    );
    expect(err.message).toBe('Entry "images/../a.png": path must be relative and must not contain "..".');
  });
});
