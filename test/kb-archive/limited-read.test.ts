import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SizeLimitExceeded, readLimited } from '../../src/kb-archive/limited-read.js';

describe('readLimited', () => {
  it('returns every byte when the stream stays within the limit', async () => {
    const out = await readLimited(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 6);
    expect(out.toString()).toBe('abcdef');
  });

  it('stops as soon as the real byte count passes the limit, whatever a header claimed', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 1024;
        this.push(Buffer.alloc(1024));
      },
    });
    const err = await readLimited(endless, 4096).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SizeLimitExceeded);
    expect((err as SizeLimitExceeded).bytesSeen).toBe(5120);
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(64 * 1024);
  });
});
