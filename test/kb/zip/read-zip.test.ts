import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  bufferSource,
  entryDataOffset,
  fileSource,
  readDirectory,
  ZipFormatError,
} from '../../../src/kb/zip/read-zip.js';
import { zipChunks } from '../../../src/kb/zip/write-zip.js';

async function yazlZip(
  entries: Record<string, string>,
  opts: { zip64?: boolean; comment?: string; compress?: boolean } = {},
): Promise<Buffer> {
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(entries)) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name.slice(0, -1));
    else
      zip.addBuffer(Buffer.from(text), name, {
        compress: opts.compress ?? true,
        forceZip64Format: opts.zip64 ?? false,
      });
  }
  zip.end({ forceZip64Format: opts.zip64 ?? false, comment: opts.comment ?? '' });
  return buffer(zip.outputStream);
}

/** What yauzl reads of the same archive, in the reader's terms. */
async function yauzlEntries(bytes: Buffer) {
  const zf = await yauzl.fromBufferPromise(bytes, { decodeStrings: false, validateEntrySizes: true });
  const out = [];
  for await (const e of zf.eachEntry()) {
    out.push({
      name: yauzl.getFileNameLowLevel(e.generalPurposeBitFlag, e.fileNameRaw, e.extraFields, true),
      flags: e.generalPurposeBitFlag,
      method: e.compressionMethod,
      crc: e.crc32,
      compressedSize: e.compressedSize,
      size: e.uncompressedSize,
      localHeaderOffset: e.relativeOffsetOfLocalHeader,
    });
  }
  return out;
}

const message = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (e: Error) => `${e.name}: ${e.message}`,
  );

describe('readDirectory', () => {
  const entries = { 'guide/': '', 'guide/_index.md': 'Guide', 'guide/é.md': 'accent '.repeat(300), 'empty.md': '' };

  it.each([
    ['yazl, deflated', () => yazlZip(entries)],
    ['yazl, stored, with a comment', () => yazlZip(entries, { compress: false, comment: 'made for a test' })],
    ['yazl, ZIP64 records and fields', () => yazlZip(entries, { zip64: true })],
    [
      'our writer',
      () =>
        buffer(
          Readable.from(
            zipChunks(
              Object.entries(entries)
                .filter(([n]) => !n.endsWith('/'))
                .map(([name, t]) => ({ name, data: Buffer.from(t) })),
            ),
          ),
        ),
    ],
  ])('lists what yauzl lists: %s', async (_what, make) => {
    const bytes = await make();
    const listed = await readDirectory(bufferSource(bytes));
    expect(listed.map((e) => e.name)).toEqual(
      Object.keys(entries).filter((n) => listed.length === 4 || !n.endsWith('/')),
    );
    expect(listed).toEqual(await yauzlEntries(bytes));
  });

  it('reads the same from a file, and finds each entry’s data behind its local header', async () => {
    const bytes = await yazlZip(entries, { compress: false });
    const file = join(mkdtempSync(join(tmpdir(), 'fp-read-zip-')), 'a.zip');
    writeFileSync(file, bytes);
    const src = await fileSource(file);
    try {
      const listed = await readDirectory(src);
      expect(listed).toEqual(await readDirectory(bufferSource(bytes)));
      const index = listed.find((e) => e.name === 'guide/_index.md')!;
      expect((await src.read(await entryDataOffset(src, index), index.compressedSize)).toString()).toBe('Guide');
      expect((await buffer(src.stream(await entryDataOffset(src, index), index.compressedSize))).toString()).toBe(
        'Guide',
      );
    } finally {
      await src.close();
    }
  });

  it('refuses what is not a ZIP, or a damaged one, saying what is wrong', async () => {
    const good = await yazlZip({ 'a.md': 'AAAA', 'b.md': 'BBBB' }, { compress: false });
    const damaged = (change: (b: Buffer) => void) => {
      const b = Buffer.from(good);
      change(b);
      return b;
    };
    const eocd = good.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const central = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const read = (b: Buffer) => message(readDirectory(bufferSource(b)));
    expect(await read(Buffer.from('just some text, no archive'))).toBe(
      'ZipFormatError: not a ZIP archive: no end of central directory record',
    );
    expect(await read(good.subarray(0, good.length - 5))).toBe(
      'ZipFormatError: not a ZIP archive: no end of central directory record',
    );
    expect(await read(damaged((b) => b.writeUInt32LE(0, central)))).toBe(
      'ZipFormatError: invalid central directory header for entry 1',
    );
    expect(await read(damaged((b) => b.writeUInt16LE(500, eocd + 10)))).toBe(
      'ZipFormatError: the central directory is too short for 500 entries',
    );
    expect(await read(damaged((b) => b.writeUInt32LE(good.length, eocd + 16)))).toBe(
      'ZipFormatError: the central directory runs past its end record',
    );
    expect(await read(damaged((b) => b.writeUInt16LE(1, central + 8)))).toBe(
      'ZipFormatError: archive entry "a.md" is encrypted',
    );
    expect(await read(damaged((b) => b.writeUInt32LE(3, central + 20)))).toBe(
      'ZipFormatError: archive entry "a.md" is stored, but its sizes differ (3 and 4)',
    );
    expect(await read(damaged((b) => b.writeUInt32LE(eocd, central + 42)))).toBe(
      'ZipFormatError: archive entry "a.md" starts past the file data',
    );
    expect(await read(damaged((b) => b.writeUInt16LE(1, eocd + 4)))).toBe(
      'ZipFormatError: multi-disk ZIP archives are not supported',
    );
    expect(await read(damaged((b) => b.writeUInt16LE(0xffff, eocd + 10)))).toBe(
      'ZipFormatError: ZIP64 end of central directory locator not found',
    );

    const src = bufferSource(damaged((b) => b.writeUInt32LE(0, 0)));
    const [first] = await readDirectory(src);
    expect(await message(entryDataOffset(src, first))).toBe(
      'ZipFormatError: archive entry "a.md" has no local header where the directory says',
    );
    const shortened = bufferSource(good.subarray(0, 40));
    expect(await message(entryDataOffset(shortened, { ...first, compressedSize: 100 }))).toBe(
      'ZipFormatError: archive entry "a.md" runs past the end of the archive',
    );
    expect(new ZipFormatError('x')).toBeInstanceOf(Error);
  });
});
