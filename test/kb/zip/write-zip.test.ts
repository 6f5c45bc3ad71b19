import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { windowFor, zipChunks, type ZipEntry } from '../../../src/kb/zip/write-zip.js';

async function zipBytes(entries: ZipEntry[]): Promise<Buffer> {
  return buffer(Readable.from(zipChunks(entries)));
}

/** Every entry as yauzl reads it (it checks sizes and CRCs). */
async function unzip(zip: Buffer) {
  const zipfile = await yauzl.fromBufferPromise(zip, { validateEntrySizes: true });
  const out: Array<{ name: string; text: string; method: number; mtime: string }> = [];
  for await (const entry of zipfile.eachEntry()) {
    const text = (await buffer(await zipfile.openReadStreamPromise(entry))).toString('utf8');
    out.push({
      name: entry.fileName,
      text,
      method: entry.compressionMethod,
      mtime: entry.getLastModDate({ timezone: 'UTC' }).toISOString(),
    });
  }
  return out;
}

describe('zipChunks', () => {
  it('writes whole entries deflated, or stored when deflate does not shrink them, with a fixed time', async () => {
    const long = 'the same words again. '.repeat(50);
    const entries = await unzip(
      await zipBytes([
        { name: 'a.md', data: Buffer.from(long) },
        { name: 'é/b.md', data: Buffer.from('x') },
        { name: 'empty.md', data: Buffer.alloc(0) },
      ]),
    );
    expect(entries).toEqual([
      { name: 'a.md', text: long, method: 8, mtime: '2000-01-01T00:00:00.000Z' },
      { name: 'é/b.md', text: 'x', method: 0, mtime: '2000-01-01T00:00:00.000Z' },
      { name: 'empty.md', text: '', method: 0, mtime: '2000-01-01T00:00:00.000Z' },
    ]);
  });

  it('deflates a small entry with a window that just covers it: as small as with zlib defaults, readable by any inflater', () => {
    const text = Buffer.from(
      '## Steps\n\nDo this, then that; see [the guide](https://docs.example.test/guide). '.repeat(400),
    );
    for (const size of [1, 100, 250, 700, 2_000, 9_000, 32_000, text.length]) {
      const data = text.subarray(0, size);
      const small = deflateRawSync(data, windowFor(size));
      expect(small.length).toBeLessThanOrEqual(deflateRawSync(data).length);
      expect(inflateRawSync(small).equals(data)).toBe(true);
    }
    expect(windowFor(700)).toEqual({ windowBits: 10, memLevel: 3 });
    expect(windowFor(10_000_000)).toEqual({ windowBits: 15, memLevel: 8 });
  });

  it('streams an entry with its sizes and CRC in a data descriptor', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.from(`chunk ${i} `.repeat(1000)));
    const entries = await unzip(
      await zipBytes([
        { name: 'big.bin', stream: Readable.from(chunks) },
        { name: 'after.md', data: Buffer.from('after') },
      ]),
    );
    expect(entries.map((e) => [e.name, e.text.length])).toEqual([
      ['big.bin', Buffer.concat(chunks).length],
      ['after.md', 5],
    ]);
    expect(entries[0].text).toBe(Buffer.concat(chunks).toString('utf8'));
  });

  it('the same entries make the same bytes', async () => {
    const entries = () => [
      { name: 'a.md', data: Buffer.from('A') },
      { name: 'b/c.md', data: Buffer.from('C'.repeat(500)) },
    ];
    expect((await zipBytes(entries())).equals(await zipBytes(entries()))).toBe(true);
  });

  it('writes a ZIP64 end record for 65,535 entries or more', async () => {
    const many = Array.from({ length: 65_540 }, (_, i) => ({ name: `f${i}`, data: Buffer.alloc(0) }));
    const zipfile = await yauzl.fromBufferPromise(await zipBytes(many));
    expect(zipfile.entryCount).toBe(65_540);
    zipfile.close();
  });

  it('a source that fails fails the archive', async () => {
    const failing = (async function* () {
      yield Buffer.from('part');
      throw new Error('disk went away');
    })();
    await expect(zipBytes([{ name: 'x.bin', stream: failing }])).rejects.toThrow('disk went away');
  });

  it('a reader that stops early closes the streamed source', async () => {
    let closed = false;
    const source = (async function* () {
      try {
        for (let i = 0; i < 1000; i++) yield Buffer.alloc(64 * 1024, i);
      } finally {
        closed = true;
      }
    })();
    const chunks = zipChunks([{ name: 'x.bin', stream: source }]);
    await chunks.next();
    await chunks.return(undefined);
    expect(closed).toBe(true);
  });
});
