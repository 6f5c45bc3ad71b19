import { closeSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import exportVerb from '../../../../../src/cli/commands/kb/sync/export.js';
import { prepareArchive, sendArchive } from '../../../../../src/cli/commands/kb/sync/archive-source.js';
import preview from '../../../../../src/cli/commands/kb/sync/preview.js';
import { SilentExit, UsageError } from '../../../../../src/cli/errors.js';
import { main } from '../../../../../src/cli/main.js';
import { fakeFactory, fakeIO, type FakeIO } from '../../../../support/fake-io.js';
import { ADMIN_KEY } from '../../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../../support/test-server.js';
import { kbSeed } from '../kb-seed.js';
import { runCommand } from '../../../support/run-command.js';
import {
  EDITED_LOCAL,
  EDITED_PLAN,
  NO_CHANGES,
  editFolder,
  exportedDir,
  removeTemps,
  tempDir,
} from './sync-fixture.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(kbSeed());
});
afterAll(() => server.close());
afterEach(removeTemps);

const factory = (io: FakeIO, globals = {}) => fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY, globals });

describe('fp kb sync preview: argv', () => {
  it('a missing source is a usage error (exit 2)', async () => {
    expect(await main(['kb', 'sync', 'preview', '--tab', '3'], fakeIO())).toBe(2);
  });

  it('the help documents exit code 3', async () => {
    const io = fakeIO();
    expect(await main(['kb', 'sync', 'preview', '--help'], io)).toBe(0);
    expect(io.out()).toContain('3 changes pending (only with --exit-code)');
  });
});

describe('fp kb sync preview: run', () => {
  it('an unchanged export reports no changes, and --exit-code exits 0', async () => {
    const dir = await exportedDir(factory);
    const io = fakeIO();
    await runCommand(preview, ['--tab', '3', '--exit-code', dir], factory(io));
    expect(io.out()).toBe(NO_CHANGES);
  });

  it('a ZIP file is uploaded as it is', async () => {
    const file = join(tempDir(), 'kb.zip');
    await runCommand(exportVerb, ['--tab', '3', '--output', file], factory(fakeIO()));
    const io = fakeIO();
    await runCommand(preview, ['--tab', '3', file], factory(io));
    expect(io.out()).toBe(NO_CHANGES);
  });

  it('an edited folder shows exactly its +, ~ and - lines; --exit-code exits 3', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    const err = await runCommand(preview, ['--tab', '3', '--exit-code', dir], factory(io)).catch((e: unknown) => e);
    expect(io.out()).toBe(EDITED_PLAN);
    expect(io.err()).toBe(EDITED_LOCAL);
    expect(err).toBeInstanceOf(SilentExit);
    expect((err as SilentExit).code).toBe(3);
  });

  it('--json prints the plan data', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    await runCommand(preview, ['--tab', '3', dir], factory(io, { json: true }));
    const plan = io.json();
    expect(plan.summary).toEqual({ create: 1, update: 1, delete: 1 });
    expect(plan.articles.create).toEqual([{ id: null, title: 'New article', path: 'getting-started/new.md' }]);
    expect(plan.articles.delete).toMatchObject([{ id: 'kb003', database_id: 7, path: 'old/old-article.md' }]);
  });

  it('dotfiles of the folder are not uploaded', async () => {
    const dir = await exportedDir(factory);
    writeFileSync(join(dir, '.draft.md'), '---\ntitle: Draft\n---\n');
    const io = fakeIO();
    await runCommand(preview, ['--tab', '3', dir], factory(io));
    expect(io.out()).toBe(NO_CHANGES);
  });

  it('an archive the service refuses is its 422 error', async () => {
    const file = join(tempDir(), 'bad.zip');
    writeFileSync(file, 'not a zip');
    await expect(runCommand(preview, ['--tab', '3', file], factory(fakeIO()))).rejects.toMatchObject({ status: 422 });
  });

  it('a file over 102400 KB is refused before anything is sent (exit 2)', async () => {
    const file = join(tempDir(), 'huge.zip');
    closeSync(openSync(file, 'w'));
    const { truncateSync } = await import('node:fs');
    truncateSync(file, 102_400 * 1024 + 1);
    const agent = new MockAgent();
    agent.disableNetConnect();
    const f = fakeFactory(fakeIO(), { baseUrl: 'http://kb.test', apiKey: 'k', dispatcher: agent });
    const err = await runCommand(preview, ['--tab', '3', file], f).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(
      `${file} is 102401 KB; the service accepts uploads of at most 102400 KB (100 MB)`,
    );
    await agent.close();
  });

  it('a folder is zipped into the upload as it is sent, not into a temp file', async () => {
    const dir = await exportedDir(factory);
    const archive = await prepareArchive(dir);
    const body = await archive.body();
    expect('stream' in body && !('filePath' in body)).toBe(true);
    expect(archive.filename).toBe('help.zip');
  });

  it('a file that turns into a symbolic link after the folder was listed fails the upload with that error, not a network error', async () => {
    const dir = await exportedDir(factory);
    const archive = await prepareArchive(dir);
    const outside = join(tempDir(), 'secret.md');
    writeFileSync(outside, 'secret');
    rmSync(join(dir, 'getting-started', 'installation.md'));
    symlinkSync(outside, join(dir, 'getting-started', 'installation.md'));
    const err = await sendArchive(factory(fakeIO()), 'knowledgebase.preview', archive, { tab_id: 3 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).name).toBe('UnsafeFolderError');
    expect((err as Error).message).toBe(
      `refusing to read ${dir}: only regular files inside the folder are synced, and these are not: getting-started/installation.md (a symbolic link)`,
    );
  });

  it('a folder sent a second time must hold the same files: a change stops the upload before its end', async () => {
    const dir = await exportedDir(factory);
    const archive = await prepareArchive(dir);
    await sendArchive(factory(fakeIO()), 'knowledgebase.preview', archive, { tab_id: 3 });
    expect(archive.folder?.files.size).toBe(8);
    writeFileSync(
      join(dir, 'getting-started', 'installation.md'),
      '---\nid: kb001\ntitle: Installation\n---\nEdited meanwhile.',
    );
    const err = await sendArchive(factory(fakeIO()), 'knowledgebase.execute', archive, { tab_id: 3 }).catch(
      (e: unknown) => e,
    );
    expect((err as Error).name).toBe('FolderChangedError');
    expect((err as Error).message).toBe(
      `${dir} changed since the preview (changed: getting-started/installation.md); nothing was applied. Run the command again to see the new plan.`,
    );
    expect(server.store.portals[0].posts.list().find((p) => p.key === 'kb001')?.description).not.toContain(
      'Edited meanwhile.',
    );
  });

  it('a source that does not exist is a usage error', async () => {
    await expect(runCommand(preview, ['--tab', '3', join(tempDir(), 'nope')], factory(fakeIO()))).rejects.toThrow(
      /^no such file or folder: /,
    );
  });
});
