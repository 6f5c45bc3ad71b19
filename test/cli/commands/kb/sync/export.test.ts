import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import execute from '../../../../../src/cli/commands/kb/sync/execute.js';
import exportVerb from '../../../../../src/cli/commands/kb/sync/export.js';
import { main } from '../../../../../src/cli/main.js';
import { countArchive } from '../../../../../src/cli/commands/kb/unzip-to-dir.js';
import { UsageError } from '../../../../../src/cli/errors.js';
import { saveToFile } from '../../../../../src/client/kb-download.js';
import { fakeFactory, fakeIO, type FakeIO } from '../../../../support/fake-io.js';
import { ADMIN_KEY } from '../../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../../support/test-server.js';
import { kbSeed } from '../kb-seed.js';
import { runCommand } from '../../../support/run-command.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(kbSeed());
});
afterAll(() => server.close());

const temps: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'fp-kb-export-test-'));
  temps.push(d);
  return d;
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

const factory = (io: FakeIO, globals = {}) => fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY, globals });

describe('fp kb sync export: run', () => {
  it('--output writes the ZIP and reports what it holds', async () => {
    const dir = tempDir();
    const file = join(dir, 'kb.zip');
    const io = fakeIO();
    await runCommand(exportVerb, ['--tab', '3', '-o', file], factory(io));
    expect(await countArchive(file)).toEqual({ sections: 3, articles: 3, entries: 8 });
    expect(readdirSync(dir)).toEqual(['kb.zip']);
    expect(io.err()).toBe(`Exported 3 articles in 3 sections to ${file}\n`);
    expect(io.out()).toBe('');
  });

  it('--output of an unknown tab fails and leaves no file behind', async () => {
    const dir = tempDir();
    await expect(
      runCommand(exportVerb, ['--tab', '999', '--output', join(dir, 'kb.zip')], factory(fakeIO())),
    ).rejects.toMatchObject({
      status: expect.any(Number),
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--output into a folder that does not exist is a usage error', async () => {
    await expect(
      runCommand(exportVerb, ['--tab', '3', '--output', join(tempDir(), 'nope', 'kb.zip')], factory(fakeIO())),
    ).rejects.toBeInstanceOf(UsageError);
  });

  it('--dir unpacks and records a manifest; a later export removes files of deleted articles but keeps .git', async () => {
    const own = await startTestServer(kbSeed());
    const factory = (io: FakeIO) => fakeFactory(io, { baseUrl: own.url, apiKey: ADMIN_KEY });
    const dir = join(tempDir(), 'help');
    const io = fakeIO();
    await runCommand(exportVerb, ['--tab', '3', '--dir', dir], factory(io));
    expect(io.err()).toBe(`Exported 3 articles in 3 sections to ${dir}\n`);
    expect(readFileSync(join(dir, 'getting-started', 'installation.md'), 'utf8')).toContain('title: Installation');
    const manifest = JSON.parse(readFileSync(join(dir, '.fp-sync.json'), 'utf8'));
    expect(manifest.format).toBe(1);
    expect(manifest.tab_id).toBe(3);
    expect(Object.keys(manifest.files)).toEqual([
      '.cursorrules',
      'CLAUDE.md',
      'getting-started/_index.md',
      'getting-started/advanced/_index.md',
      'getting-started/advanced/advanced-usage.md',
      'getting-started/installation.md',
      'old/_index.md',
      'old/old-article.md',
    ]);

    // The article is deleted on the service; the local copy was never edited.
    const other = join(tempDir(), 'other');
    await runCommand(exportVerb, ['--tab', '3', '--dir', other], factory(fakeIO()));
    rmSync(join(other, 'old', 'old-article.md'));
    await runCommand(execute, ['--tab', '3', '--yes', '--confirm-delete', 'kb003', other], factory(fakeIO()));

    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main');
    const again = fakeIO();
    await runCommand(exportVerb, ['--tab', '3', '--dir', dir], factory(again));
    expect(existsSync(join(dir, 'old', 'old-article.md'))).toBe(false);
    expect(readFileSync(join(dir, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/main');
    expect(again.err()).toBe(
      `Exported 2 articles in 3 sections to ${dir}\nRemoved 1 markdown file the export no longer has: old/old-article.md\n`,
    );
    await own.close();
  });

  it('--dir refuses to overwrite or remove files changed since the last export, lists them, and changes nothing', async () => {
    const dir = join(tempDir(), 'help');
    await runCommand(exportVerb, ['--tab', '3', '--dir', dir], factory(fakeIO()));
    const edited = '---\nid: kb001\ntitle: Installation\n---\nMy unsynced edit.';
    writeFileSync(join(dir, 'getting-started', 'installation.md'), edited);
    writeFileSync(join(dir, 'stale.md'), '---\ntitle: Stale\n---\n');
    const manifestBefore = readFileSync(join(dir, '.fp-sync.json'), 'utf8');

    const err = await runCommand(exportVerb, ['--tab', '3', '--dir', dir], factory(fakeIO())).catch((e: unknown) => e);
    expect((err as Error).name).toBe('LocalChangesError');
    expect((err as Error).message).toBe(
      `refusing to overwrite 2 files of ${dir} changed since the last export or sync: getting-started/installation.md, stale.md ` +
        '(sync them first with fp kb sync execute, or pass --force to overwrite)',
    );
    expect(readFileSync(join(dir, 'getting-started', 'installation.md'), 'utf8')).toBe(edited);
    expect(existsSync(join(dir, 'stale.md'))).toBe(true);
    expect(readFileSync(join(dir, '.fp-sync.json'), 'utf8')).toBe(manifestBefore);

    expect(
      await main(
        ['kb', 'sync', 'export', '--tab', '3', '--dir', dir],
        fakeIO({ env: { FP_BASE_URL: server.url, FP_API_KEY: ADMIN_KEY } }),
      ),
    ).toBe(1);

    await runCommand(exportVerb, ['--tab', '3', '--dir', dir, '--force'], factory(fakeIO()));
    expect(readFileSync(join(dir, 'getting-started', 'installation.md'), 'utf8')).not.toContain('My unsynced edit.');
    expect(existsSync(join(dir, 'stale.md'))).toBe(false);
  });

  it('--dir does not read through a symbolic link in the folder: it counts as a local change', async () => {
    const dir = join(tempDir(), 'help');
    await runCommand(exportVerb, ['--tab', '3', '--dir', dir], factory(fakeIO()));
    const secret = join(tempDir(), 'config.json');
    writeFileSync(secret, '{"apiKey":"secret"}');
    rmSync(join(dir, 'getting-started', 'installation.md'));
    symlinkSync(secret, join(dir, 'getting-started', 'installation.md'));
    await expect(runCommand(exportVerb, ['--tab', '3', '--dir', dir], factory(fakeIO()))).rejects.toThrow(
      /changed since the last export or sync: getting-started\/installation\.md /,
    );
    expect(readFileSync(secret, 'utf8')).toBe('{"apiKey":"secret"}');
  });

  it('--dir into a folder without a manifest refuses to replace markdown files that differ from the export', async () => {
    const dir = join(tempDir(), 'help');
    mkdirSync(join(dir, 'getting-started'), { recursive: true });
    writeFileSync(join(dir, 'getting-started', 'installation.md'), 'Hand-written.');
    await expect(runCommand(exportVerb, ['--tab', '3', '--dir', dir], factory(fakeIO()))).rejects.toThrow(
      /changed since the last export or sync: getting-started\/installation\.md /,
    );
  });

  it('without --output or --dir writes the ZIP bytes to stdout when it is not a terminal', async () => {
    const io = fakeIO();
    const chunks: Buffer[] = [];
    io.stdout = { write: (chunk: string | Uint8Array) => (chunks.push(Buffer.from(chunk)), true) };
    await runCommand(exportVerb, ['--tab', '3'], factory(io));
    const file = join(tempDir(), 'out.zip');
    writeFileSync(file, Buffer.concat(chunks));
    expect(await countArchive(file)).toMatchObject({ sections: 3, articles: 3 });
  });

  it('with stderr on a terminal (where the download shows its progress) the ZIP keeps every byte', async () => {
    const bytes = async (stderrIsTTY: boolean) => {
      const io = fakeIO({ stderrIsTTY, env: {} });
      const chunks: Buffer[] = [];
      io.stdout = { write: (chunk: string | Uint8Array) => (chunks.push(Buffer.from(chunk)), true) };
      await runCommand(exportVerb, ['--tab', '3'], factory(io));
      return Buffer.concat(chunks);
    };
    const plain = await bytes(false);
    expect(plain.length).toBeGreaterThan(0);
    expect((await bytes(true)).equals(plain)).toBe(true);
  });

  it('without --output or --dir on a terminal asks for one (exit 2)', async () => {
    await expect(runCommand(exportVerb, ['--tab', '3'], factory(fakeIO({ stdoutIsTTY: true })))).rejects.toThrow(
      'refusing to write a ZIP archive to the terminal: pass --output FILE.zip or --dir DIR, or redirect stdout',
    );
  });

  it('--output and --dir together is a usage error', async () => {
    await expect(
      runCommand(exportVerb, ['--tab', '3', '--output', 'a.zip', '--dir', 'b'], factory(fakeIO())),
    ).rejects.toBeInstanceOf(UsageError);
  });
});

describe('saveToFile', () => {
  it('a stream that breaks midway leaves neither the file nor a temp file', async () => {
    const dir = tempDir();
    const broken = new Readable({ read() {} });
    broken.push(Buffer.from('PK partial'));
    setImmediate(() => broken.destroy(new Error('connection reset')));
    await expect(saveToFile(broken, join(dir, 'kb.zip'))).rejects.toThrow('connection reset');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('an existing file is only replaced once the new one is complete', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'kb.zip'), 'previous');
    const broken = new Readable({ read() {} });
    setImmediate(() => broken.destroy(new Error('boom')));
    await expect(saveToFile(broken, join(dir, 'kb.zip'))).rejects.toThrow('boom');
    expect(readFileSync(join(dir, 'kb.zip'), 'utf8')).toBe('previous');
    await saveToFile(Readable.from([Buffer.from('new')]), join(dir, 'kb.zip'));
    expect(readFileSync(join(dir, 'kb.zip'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['kb.zip']);
  });
});
