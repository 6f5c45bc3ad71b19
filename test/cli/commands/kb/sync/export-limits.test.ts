import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import exportVerb from '../../../../../src/cli/commands/kb/sync/export.js';
import { unzipToDir } from '../../../../../src/cli/commands/kb/unzip-to-dir.js';
import { fakeFactory, fakeIO } from '../../../../support/fake-io.js';
import { runCommand } from '../../../support/run-command.js';

const temps: string[] = [];
const servers: Server[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'fp-kb-export-limits-'));
  temps.push(d);
  return d;
}
afterEach(async () => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

async function zipOf(files: Array<[string, Buffer | string]>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of files) zip.addBuffer(Buffer.from(data), name, { compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A folder with one file, to show that a refused export leaves it as it was. */
function existingFolder(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'old.md'), 'old');
  return dir;
}

/** A stand-in portal whose export endpoint answers with `write`; counts the bytes it got out. */
async function exportServer(
  write: (res: import('node:http').ServerResponse) => void,
): Promise<{ url: string; sent: () => number }> {
  let sent = 0;
  const server = createServer((req, res) => {
    const socket = res.socket!;
    const socketWrite = socket.write.bind(socket);
    socket.write = ((chunk: Buffer | string, ...rest: never[]) => {
      sent += Buffer.byteLength(chunk);
      return socketWrite(chunk, ...rest);
    }) as typeof socket.write;
    write(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => sent };
}

/** Writes `total` bytes of `chunk` as fast as the client reads them, stopping when it goes away. */
function endless(res: import('node:http').ServerResponse, chunk: Buffer, total: number): void {
  let written = 0;
  const more = () => {
    while (written < total && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('close', () => (written = total));
  more();
}

const MB = 1024 * 1024;

describe('a KB export is refused by its caps, with nothing written', () => {
  it('one that inflates more than 100 times its size (past 1 MB) is refused; --max-ratio raises the cap', async () => {
    const bomb = await zipOf([['big.md', Buffer.alloc(20 * MB, 'a')]]);
    const dir = existingFolder();
    const err = await unzipToDir(bomb, dir).catch((e: unknown) => e);
    expect((err as Error).name).toBe('ExportLimitError');
    expect((err as Error).message).toMatch(
      /^the export inflates \d+ times its size \(20 MB from [\d.]+ kB\), over the limit of 100:1; if its files really are that repetitive, raise it with --max-ratio$/,
    );
    expect(readdirSync(dir)).toEqual(['old.md']);
    const raised = await unzipToDir(bomb, dir, {
      limits: { maxEntries: 10_000, maxBytes: 1024 ** 3, maxRatio: 1_000_000 },
    });
    expect(raised.files).toEqual(['big.md']);
  });

  it('one that inflates past the size cap is refused', async () => {
    const zip = await zipOf([['a.md', Buffer.alloc(3 * MB, 'a')]], false);
    const dir = existingFolder();
    await expect(
      unzipToDir(zip, dir, { limits: { maxEntries: 10_000, maxBytes: 2 * MB, maxRatio: 100 } }),
    ).rejects.toThrow(
      'the export inflates to 3 MB, over the limit of 2 MB; if the tab really holds that much, raise it with --max-size',
    );
    expect(readdirSync(dir)).toEqual(['old.md']);
  });

  it('one with more than 10,000 entries is refused', async () => {
    const files = Array.from({ length: 10_001 }, (_, i): [string, string] => [`a/${i}.md`, '']);
    const dir = existingFolder();
    await expect(unzipToDir(await zipOf(files, false), dir)).rejects.toThrow(
      'the export has 10,001 entries; at most 10,000 are accepted (as many as an upload may have)',
    );
    expect(readdirSync(dir)).toEqual(['old.md']);
  });

  it('one that names a file twice after case folding is refused (D-KB-EXPORT-CASE-FOLD), and so is one that names it twice exactly', async () => {
    const dir = existingFolder();
    const folded = await zipOf([
      ['guide/Intro.md', 'one'],
      ['guide/intro.md', 'two'],
    ]);
    await expect(unzipToDir(folded, dir)).rejects.toThrow(
      'the export names one file twice: "guide/Intro.md" and "guide/intro.md" differ only in case',
    );
    const twice = await zipOf([
      ['intro.md', 'one'],
      ['intro.md', 'two'],
    ]);
    await expect(unzipToDir(twice, dir)).rejects.toThrow('the export names "intro.md" twice');
    expect(readdirSync(dir)).toEqual(['old.md']);
  });

  it('--output keeps no file of a refused export', async () => {
    const bomb = await zipOf([['big.md', Buffer.alloc(20 * MB, 'a')]]);
    const portal = await exportServer((res) => res.writeHead(200, { 'content-type': 'application/zip' }).end(bomb));
    const dir = tempDir();
    const f = fakeFactory(fakeIO(), { baseUrl: portal.url, apiKey: 'k' });
    await expect(runCommand(exportVerb, ['--tab', '1', '--output', join(dir, 'kb.zip')], f)).rejects.toThrow(
      /over the limit of 100:1/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('a KB export download is refused after a cap, not after reading it all', () => {
  it('a body that does not start like a ZIP is refused at its first bytes', async () => {
    const portal = await exportServer((res) => {
      res.writeHead(200, { 'content-type': 'application/zip' });
      endless(res, Buffer.alloc(64 * 1024, 'x'), 256 * MB);
    });
    const dir = existingFolder();
    const f = fakeFactory(fakeIO(), { baseUrl: portal.url, apiKey: 'k' });
    await expect(runCommand(exportVerb, ['--tab', '1', '--dir', dir], f)).rejects.toThrow(
      'the export is not a ZIP archive (its first bytes are not a ZIP header)',
    );
    expect(portal.sent()).toBeLessThan(32 * MB);
    expect(readdirSync(dir)).toEqual(['old.md']);
  });

  it('a body that goes on past --max-size is refused there', async () => {
    const zipHead = await zipOf([['a.md', 'a']]);
    const portal = await exportServer((res) => {
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.write(zipHead);
      endless(res, Buffer.alloc(64 * 1024), 256 * MB);
    });
    const dir = existingFolder();
    const f = fakeFactory(fakeIO(), { baseUrl: portal.url, apiKey: 'k' });
    await expect(runCommand(exportVerb, ['--tab', '1', '--dir', dir, '--max-size', '2MB'], f)).rejects.toThrow(
      'the export download is larger than 2 MB, the limit of what it may unpack to; it was not read further. If the tab really holds that much, raise it with --max-size',
    );
    expect(portal.sent()).toBeLessThan(32 * MB);
    expect(readdirSync(dir)).toEqual(['old.md']);
  });

  it('a Content-Length over --max-size is refused before the body is read', async () => {
    const portal = await exportServer((res) => {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(256 * MB) });
      endless(res, Buffer.alloc(64 * 1024), 256 * MB);
    });
    const output = join(tempDir(), 'kb.zip');
    const f = fakeFactory(fakeIO(), { baseUrl: portal.url, apiKey: 'k' });
    await expect(runCommand(exportVerb, ['--tab', '1', '--output', output, '--max-size', '2MB'], f)).rejects.toThrow(
      'the export download is larger than 2 MB (it announces 256 MB)',
    );
    expect(portal.sent()).toBeLessThan(32 * MB);
    expect(existsSync(output)).toBe(false);
  });

  it('--max-ratio and --max-size (with a unit) are read from the command line', async () => {
    const bomb = await zipOf([['big.md', Buffer.alloc(20 * MB, 'a')]]);
    const portal = await exportServer((res) => res.writeHead(200, { 'content-type': 'application/zip' }).end(bomb));
    const f = fakeFactory(fakeIO(), { baseUrl: portal.url, apiKey: 'k' });
    const output = join(tempDir(), 'kb.zip');
    await expect(
      runCommand(exportVerb, ['--tab', '1', '--output', output, '--max-ratio', '500', '--max-size', '2GB'], f),
    ).rejects.toThrow(/over the limit of 500:1/);
  });
});
