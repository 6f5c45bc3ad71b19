import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executeRun, register, unmatchedConfirmations } from '../../../../../src/cli/commands/kb/sync/execute.js';
import { previewRun } from '../../../../../src/cli/commands/kb/sync/preview.js';
import { UsageError } from '../../../../../src/cli/errors.js';
import { main } from '../../../../../src/cli/main.js';
import { fakeFactory, fakeIO, type FakeIO } from '../../../../support/fake-io.js';
import { ADMIN_KEY } from '../../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../../support/test-server.js';
import { kbSeed } from '../kb-seed.js';
import { parseArgv } from '../parse-argv.js';
import { EDITED_PLAN, editFolder, exportedDir, removeTemps } from './sync-fixture.js';

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
  await previewRun({ tab: 3, source: dir }, factory(io));
  return io.out();
}

describe('fp kb sync execute: argv', () => {
  it('collects confirmations from comma lists and repeats', async () => {
    expect(
      await parseArgv(register, [
        'execute', '--tab', '3', 'docs', '--confirm-delete', 'abc12,def34', '--confirm-delete', '7',
        '--confirm-delete-section', '12,13', '-y',
      ]),
    ).toEqual({ tab: 3, source: 'docs', confirmDelete: ['abc12', 'def34', '7'], confirmDeleteSection: [12, 13], yes: true });
  });

  it('a section id that is not a positive integer is a usage error (exit 2)', async () => {
    const io = fakeIO();
    expect(await main(['kb', 'sync', 'execute', '--tab', '3', 'docs', '--confirm-delete-section', 'old'], io)).toBe(2);
    expect(io.err()).toContain('"old" is not a section id (a positive integer)');
  });
});

describe('fp kb sync execute: run', () => {
  it('without --yes off a terminal exits 2 after showing the plan, and applies nothing', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    const err = await executeRun({ tab: 3, source: dir }, factory(io)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe('Apply these changes: refusing without a terminal to confirm; pass --yes to proceed');
    expect(io.out()).toBe(EDITED_PLAN);
    expect(await planOf(dir)).toBe(EDITED_PLAN);
  });

  it('--yes applies creates and updates and skips the unconfirmed deletion', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    await executeRun({ tab: 3, source: dir, yes: true }, factory(io));
    expect(io.out()).toBe(
      [
        EDITED_PLAN,
        'Applied: 1 created, 1 updated, 0 deleted.',
        'Skipped 1 deletion (not confirmed):',
        '  - article  old/old-article.md  "Old article" — pass --confirm-delete kb003 to delete it',
        '',
      ].join('\n'),
    );
    // new.md has no id yet, so a second preview of the same folder would create it again: check the server instead.
    const exported = await exportedDir(factory);
    expect(await planOf(exported)).toBe('No changes. The knowledge base matches the archive.\n');
    rmSync(join(exported, 'old', 'old-article.md'));
    expect(await planOf(exported)).toContain('- article  old/old-article.md  "Old article"');
  });

  it('--confirm-delete applies the deletion', async () => {
    const dir = await exportedDir(factory);
    rmSync(join(dir, 'old', 'old-article.md'));
    const io = fakeIO();
    await executeRun({ tab: 3, source: dir, yes: true, confirmDelete: ['kb003'] }, factory(io));
    expect(io.out()).toBe(
      [
        '- article  old/old-article.md  "Old article"',
        '',
        'Plan: 0 to create, 0 to update, 1 to delete.',
        '',
        'Applied: 0 created, 0 updated, 1 deleted.',
        '',
      ].join('\n'),
    );
    expect(await planOf(dir)).toBe('No changes. The knowledge base matches the archive.\n');
  });

  it('--confirm-delete-section deletes a section', async () => {
    const dir = await exportedDir(factory);
    rmSync(join(dir, 'old'), { recursive: true });
    const io = fakeIO();
    await executeRun({ tab: 3, source: dir, yes: true, confirmDelete: ['7'], confirmDeleteSection: [12] }, factory(io));
    expect(io.out()).toMatch(/Applied: 0 created, 0 updated, 2 deleted\.\n$/);
    expect(await planOf(dir)).toBe('No changes. The knowledge base matches the archive.\n');
  });

  it('--json keeps stdout for the result and shows the plan on stderr', async () => {
    const dir = await exportedDir(factory);
    editFolder(dir);
    const io = fakeIO();
    await executeRun({ tab: 3, source: dir, yes: true }, factory(io, { json: true }));
    const result = io.json();
    expect(result.summary).toEqual({ created: 1, updated: 1, deleted: 0, skipped: 1 });
    expect(result.skipped.articles).toMatchObject([{ id: 'kb003', path: 'old/old-article.md' }]);
    expect(io.err()).toBe(EDITED_PLAN);
  });

  it('no changes: nothing to confirm or apply', async () => {
    const dir = await exportedDir(factory);
    const io = fakeIO();
    await executeRun({ tab: 3, source: dir }, factory(io));
    expect(io.out()).toBe('No changes. The knowledge base matches the archive.\n');
  });

  it('warns about a confirmation that matches no deletion', async () => {
    const dir = await exportedDir(factory);
    rmSync(join(dir, 'old', 'old-article.md'));
    const io = fakeIO();
    await executeRun({ tab: 3, source: dir, yes: true, confirmDelete: ['kb00x'] }, factory(io));
    expect(io.err()).toBe('warning: --confirm-delete kb00x: no article with this id would be deleted\n');
  });
});

describe('unmatchedConfirmations', () => {
  it('accepts post keys and numeric ids of the articles the plan deletes', () => {
    const plan = {
      tab: { changes: [] },
      sections: { create: [], update: [], delete: [{ id: 12, title: 'Old', path: 'old' }] },
      articles: { create: [], update: [], delete: [{ id: 'kb003', database_id: 7, title: 'Old article', path: 'old/old-article.md' }] },
      summary: { create: 0, update: 0, delete: 2 },
    };
    expect(unmatchedConfirmations(plan, { confirmDelete: ['kb003', '7', 'zz'], confirmDeleteSection: [12, 99] })).toEqual([
      '--confirm-delete zz: no article with this id would be deleted',
      '--confirm-delete-section 99: no section with this id would be deleted',
    ]);
  });
});
