import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { holdOrSpill, slugFromDisposition } from '../../src/client/kb-download.js';

const chunks = (n: number, size: number) => Array.from({ length: n }, (_, i) => Buffer.alloc(size, 97 + (i % 26)));

describe('holdOrSpill', () => {
  it('holds an archive of at most the limit in memory and never calls spill', async () => {
    const parts = chunks(4, 100);
    const held = await holdOrSpill(Readable.from(parts), 400, () => Promise.reject(new Error('spilled')));
    expect(held).toEqual(Buffer.concat(parts));
  });

  it('past the limit, writes what it held and the rest to the spill file', async () => {
    const parts = chunks(10, 100);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fp-spill-')), 'export.zip');
    expect(await holdOrSpill(Readable.from(parts), 250, async () => file)).toBe(file);
    expect(readFileSync(file)).toEqual(Buffer.concat(parts));
  });

  it('never replaces an existing file, and a body that fails fails the call', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fp-spill-')), 'export.zip');
    writeFileSync(file, 'mine');
    await expect(holdOrSpill(Readable.from(chunks(3, 100)), 50, async () => file)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(holdOrSpill(failing, 50, async () => file)).rejects.toThrow('connection reset');
  });
});

describe('slugFromDisposition', () => {
  it("D-SNAPSHOT-RECONSTRUCT the export's file name gives the tab slug", () => {
    expect(slugFromDisposition('attachment; filename="help.zip"')).toBe('help');
    expect(slugFromDisposition(`attachment; filename="_.zip"; filename*=UTF-8''aide-%C3%A9t%C3%A9.zip`)).toBe(
      'aide-été',
    );
    expect(slugFromDisposition('')).toBeUndefined();
  });
});
