import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdOrSpill, saveToFile } from '../../src/client/kb-download.js';

// The very object a file stream opens its file through.
const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');

/** A loaded machine (every libuv thread busy): a file stream's open(2) runs `ms` after it is asked for. */
function slowOpen(ms: number): void {
  const open = fs.open as (...args: unknown[]) => void;
  vi.spyOn(fs, 'open').mockImplementation(((...args: unknown[]) => {
    setTimeout(() => open(...args), ms);
  }) as typeof fs.open);
}

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'fp-save-'));
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a download that breaks before its file has opened', () => {
  it('saveToFile leaves neither the file nor a temp file, even once the open completes', async () => {
    slowOpen(40);
    const dir = tempDir();
    const broken = new Readable({ read() {} });
    broken.push(Buffer.from('PK partial'));
    setImmediate(() => broken.destroy(new Error('connection reset')));
    await expect(saveToFile(broken, path.join(dir, 'kb.zip'))).rejects.toThrow('connection reset');
    await settle();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('holdOrSpill has closed its spill file by the time it fails', async () => {
    slowOpen(40);
    const dir = tempDir();
    const file = path.join(dir, 'export.zip');
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(100));
    setImmediate(() => body.destroy(new Error('connection reset')));
    const opened: string[] = [];
    const failed = holdOrSpill(body, 50, async () => file).catch((err: Error) => {
      opened.push(...readdirSync(dir));
      return err.message;
    });
    expect(await failed).toBe('connection reset');
    // Whatever the caller does next (removing the folder), no descriptor opens behind it.
    const after = readdirSync(dir);
    await settle();
    expect(readdirSync(dir)).toEqual(after);
  });
});
