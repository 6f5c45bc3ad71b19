import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import execute from '../../../../../src/cli/commands/kb/sync/execute.js';
import preview from '../../../../../src/cli/commands/kb/sync/preview.js';
import { SilentExit, UsageError } from '../../../../../src/cli/errors.js';
import { main } from '../../../../../src/cli/main.js';
import { fakeFactory, fakeIO, type FakeIO } from '../../../../support/fake-io.js';
import { ADMIN_KEY } from '../../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../../support/test-server.js';
import { kbSeed } from '../kb-seed.js';
import { runCommand } from '../../../support/run-command.js';
import { zipFolder } from '../zip-to-file.js';
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
beforeEach(async () => {
  server = await startTestServer(kbSeed());
});
afterEach(async () => {
  await server.close();
  removeTemps();
});

const factory = (io: FakeIO, globals = {}) => fakeFactory(io, { baseUrl: server.url, apiKey: ADMIN_KEY, globals });

async function planOf(dir: string): Promise<string> {
  const io = fakeIO();
  await runCommand(preview, ['--tab', '3', dir], factory(io));
  return io.out();
}

describe('fp kb sync execute: argv', () => {
  it('collects confirmations from comma lists and repeats', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    const argv = ['--tab', '3', dir, '--confirm-delete', 'abc12,def34', '--confirm-delete', 'ghi56'];
    await runCommand(execute, [...argv, '--confirm-delete-section', '98,99', '-y'], factory(io)).catch(() => {});
    const warned = io.err().match(/^warning: \S+ \S+/gm);
    expect(warned).toEqual([
      'warning: --confirm-delete abc12:',
      'warning: --confirm-delete def34:',
      'warning: --confirm-delete ghi56:',
      'warning: --confirm-delete-section 98:',
      'warning: --confirm-delete-section 99:',
    ]);
  });

  it('a section id that is not a positive integer is a usage error (exit 2)', async () => {
    const io = fakeIO();
    expect(await main(['kb', 'sync', 'execute', '--tab', '3', 'docs', '--confirm-delete-section', 'old'], io)).toBe(2);
    expect(io.err()).toContain('"old" is not a section id (a positive integer)');
  });
});

describe('fp kb sync execute: run', () => {
  /** The key the server gave the new article, from the file it was written back into. */
  const idIn = (file: string) => /^---\nid: (\w+)\n/.exec(readFileSync(file, 'utf8'))![1];

  it('without --yes off a terminal exits 2 after showing the plan, and applies nothing', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    const err = await runCommand(execute, ['--tab', '3', dir], factory(io)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(
      'Apply these changes: refusing without a terminal to confirm; pass --yes to proceed',
    );
    expect(io.out()).toBe(EDITED_PLAN);
    expect(io.err()).toBe(EDITED_LOCAL);
    expect(await planOf(dir)).toBe(EDITED_PLAN);
  });

  it('--yes applies creates and updates, writes the new id back, and exits 1 for the unconfirmed deletion', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    const err = await runCommand(execute, ['--tab', '3', '--yes', dir], factory(io)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SilentExit);
    expect((err as SilentExit).code).toBe(1);
    const newFile = join(dir, 'getting-started', 'new.md');
    const key = idIn(newFile);
    expect(readFileSync(newFile, 'utf8')).toBe(`---\nid: ${key}\ntitle: New article\n---\nFresh.`);
    expect(io.out()).toBe(
      [
        EDITED_PLAN,
        'Applied: 1 created, 1 updated, 0 deleted.',
        `  + article  ${key}  getting-started/new.md  "New article"`,
        'Skipped 1 deletion (not confirmed):',
        '  - article  kb003  old/old-article.md  "Old article"',
        'To delete them, run again with: --confirm-delete kb003',
        '',
      ].join('\n'),
    );
    expect(io.err()).toBe(
      EDITED_LOCAL +
        `Wrote 1 id into ${dir}: getting-started/new.md (${key})\n` +
        'error: 1 deletion not confirmed; to apply, run again with: --confirm-delete kb003\n',
    );
    // The second run matches the new file by its id: only the deletion is left.
    const again = fakeIO();
    await expect(runCommand(execute, ['--tab', '3', '--yes', dir], factory(again))).rejects.toBeInstanceOf(SilentExit);
    expect(again.out()).toMatch(
      /^- article {2}kb003 {2}old\/old-article\.md {2}"Old article"\n\nPlan: 0 to create, 0 to update, 1 to delete, 6 unchanged\./,
    );
    expect(again.err()).toMatch(/^Local files since the last sync: 0 new, 0 changed, 0 removed, 8 unchanged\.\n/);
  });

  it('running the same folder twice creates once: the second run changes nothing, says so and exits 0', async () => {
    const dir = await exportedDir(factory);
    writeFileSync(join(dir, 'getting-started', 'new.md'), '---\ntitle: New article\n---\nFresh.');
    mkdirSync(join(dir, 'faq'));
    writeFileSync(join(dir, 'faq', 'billing.md'), 'No front matter at all.\r\nSecond line.\r\n');
    await runCommand(execute, ['--tab', '3', '--yes', dir], factory(fakeIO()));

    const sectionIndex = readFileSync(join(dir, 'faq', '_index.md'), 'utf8');
    expect(sectionIndex).toMatch(/^---\nid: \d+\n---\n$/);
    const billing = readFileSync(join(dir, 'faq', 'billing.md'), 'utf8');
    expect(billing).toMatch(/^---\r\nid: \w+\r\n---\r\nNo front matter at all\.\r\nSecond line\.\r\n$/);

    const io = fakeIO();
    await runCommand(execute, ['--tab', '3', '--yes', dir], factory(io));
    expect(io.out()).toBe(NO_CHANGES);
    expect(io.err()).toBe('Local files since the last sync: 0 new, 0 changed, 0 removed, 11 unchanged.\n');
    const exported = await exportedDir(factory);
    expect(readFileSync(join(exported, 'faq', 'billing.md'), 'utf8')).toContain(
      'No front matter at all.\r\nSecond line.\r\n',
    );
  });

  it('a ZIP cannot take ids: it warns, and --write-back writes them into the folder it was zipped from', async () => {
    const dir = await exportedDir(factory);
    writeFileSync(join(dir, 'getting-started', 'new.md'), '---\ntitle: New article\n---\nFresh.');
    const zip = join(tempDir(), 'kb.zip');
    await zipFolder(dir, zip);
    const io = fakeIO();
    await runCommand(execute, ['--tab', '3', '--yes', '--write-back', dir, zip], factory(io));
    const key = idIn(join(dir, 'getting-started', 'new.md'));
    expect(io.err()).toBe(`Wrote 1 id into ${dir}: getting-started/new.md (${key})\n`);
    await zipFolder(dir, zip);
    const again = fakeIO();
    await runCommand(execute, ['--tab', '3', '--yes', zip], factory(again));
    expect(again.out()).toBe(NO_CHANGES);

    writeFileSync(join(dir, 'other.md'), 'Other.');
    await zipFolder(dir, zip);
    const bare = fakeIO();
    await runCommand(execute, ['--tab', '3', '--yes', zip], factory(bare));
    expect(bare.err()).toBe(
      'warning: 1 new item got an id that a ZIP cannot hold; running this ZIP again creates it again. ' +
        'Pass --write-back DIR (the folder it was zipped from), or sync the folder itself.\n',
    );
  });

  it('--write-back with a folder source is a usage error', async () => {
    const dir = await exportedDir(factory);
    await expect(
      runCommand(execute, ['--tab', '3', '--write-back', dir, '--yes', dir], factory(fakeIO())),
    ).rejects.toThrow('--write-back is for a ZIP source: a folder source gets its ids written back itself');
  });

  it('--confirm-delete applies the deletion', async () => {
    const dir = await exportedDir(factory);
    rmSync(join(dir, 'old', 'old-article.md'));
    const io = fakeIO();
    await runCommand(execute, ['--tab', '3', '--yes', '--confirm-delete', 'kb003', dir], factory(io));
    expect(io.out()).toBe(
      [
        '- article  kb003  old/old-article.md  "Old article"',
        '',
        'Plan: 0 to create, 0 to update, 1 to delete, 5 unchanged.',
        'Left alone: .cursorrules, CLAUDE.md (AI instruction files, never articles).',
        'Deletions happen only when confirmed; to apply them, add: --confirm-delete kb003',
        '',
        'Applied: 0 created, 0 updated, 1 deleted.',
        '',
      ].join('\n'),
    );
    expect(await planOf(dir)).toBe(NO_CHANGES);
  });

  it('--confirm-delete-section deletes a section', async () => {
    const dir = await exportedDir(factory);
    rmSync(join(dir, 'old'), { recursive: true });
    const io = fakeIO();
    await runCommand(
      execute,
      ['--tab', '3', '--yes', '--confirm-delete', '7', '--confirm-delete-section', '12', dir],
      factory(io),
    );
    expect(io.out()).toMatch(/Applied: 0 created, 0 updated, 2 deleted\.\n$/);
    expect(await planOf(dir)).toBe(NO_CHANGES);
  });

  it('all-shown confirms every deletion the plan shows, with --yes', async () => {
    const dir = await exportedDir(factory);
    rmSync(join(dir, 'old'), { recursive: true });
    const io = fakeIO();
    await runCommand(
      execute,
      ['--tab', '3', '--yes', '--confirm-delete', 'all-shown', '--confirm-delete-section', 'all-shown', dir],
      factory(io),
    );
    expect(io.out()).toMatch(/Applied: 0 created, 0 updated, 2 deleted\.\n$/);
    expect(io.err()).not.toContain('warning');
    expect(await planOf(dir)).toBe(NO_CHANGES);
  });

  it('all-shown without --yes off a terminal is refused before anything is sent', async () => {
    const io = fakeIO();
    const err = await runCommand(
      execute,
      ['--tab', '3', '--confirm-delete', 'all-shown', join(tempDir(), 'nope')],
      factory(io),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(
      'all-shown confirms every deletion the plan shows; without a terminal it needs --yes',
    );
  });

  it('--json keeps stdout for the result and shows the plan on stderr', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    await runCommand(execute, ['--tab', '3', '--yes', dir], factory(io, { json: true })).catch(() => {});
    const result = io.json();
    expect(result.summary).toEqual({ created: 1, updated: 1, deleted: 0, skipped: 1 });
    expect(result.applied.articles.create).toMatchObject([{ path: 'getting-started/new.md', title: 'New article' }]);
    expect(result.skipped.articles).toMatchObject([{ id: 'kb003', path: 'old/old-article.md' }]);
    expect(io.err()).toContain(EDITED_LOCAL + EDITED_PLAN);
  });

  it('no changes: nothing to confirm or apply', async () => {
    const dir = await exportedDir(factory);
    const io = fakeIO();
    await runCommand(execute, ['--tab', '3', dir], factory(io));
    expect(io.out()).toBe(NO_CHANGES);
  });

  it('warns about a confirmation that matches no deletion', async () => {
    const dir = await exportedDir(factory);
    rmSync(join(dir, 'old', 'old-article.md'));
    const io = fakeIO();
    await runCommand(execute, ['--tab', '3', '--yes', '--confirm-delete', 'kb00x', dir], factory(io)).catch(() => {});
    expect(io.err()).toContain('warning: --confirm-delete kb00x: no article with this id would be deleted\n');
  });
});

describe('confirmations that match no deletion', () => {
  it('accept post keys and numeric ids of the articles the plan deletes; the others are warned about', async () => {
    const dir = await exportedDir(factory);
    // The plan deletes the section old (12) and its article kb003 (database id 7).
    rmSync(join(dir, 'old'), { recursive: true });
    const io = fakeIO();
    const argv = ['--confirm-delete', 'kb003,7,zz', '--confirm-delete-section', '12,99'];
    await runCommand(execute, ['--tab', '3', ...argv, dir], factory(io)).catch(() => {});
    expect(io.err().match(/^warning: .*$/gm)).toEqual([
      'warning: --confirm-delete zz: no article with this id would be deleted',
      'warning: --confirm-delete-section 99: no section with this id would be deleted',
    ]);
  });
});
