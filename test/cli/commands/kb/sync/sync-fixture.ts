import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import exportVerb from '../../../../../src/cli/commands/kb/sync/export.js';
import type { Factory } from '../../../../../src/cli/factory.js';
import { fakeIO } from '../../../../support/fake-io.js';
import { runCommand } from '../../../support/run-command.js';

const temps: string[] = [];
export function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'fp-kb-sync-test-'));
  temps.push(d);
  return d;
}
export function removeTemps(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** What preview says of an archive the export made: it carries the AI instruction files, which a sync leaves alone. */
export const NO_CHANGES =
  'No changes. The knowledge base matches the archive.\nLeft alone: .cursorrules, CLAUDE.md (AI instruction files, never articles).\n';

/** Exports tab 3 into a fresh folder and returns it. */
export async function exportedDir(factory: (io: ReturnType<typeof fakeIO>) => Factory): Promise<string> {
  const dir = join(tempDir(), 'help');
  await runCommand(exportVerb, ['--tab', '3', '--dir', dir], factory(fakeIO()));
  return dir;
}

/** What preview says on stderr about `editFolder`'s changes to a folder fresh from export. */
export const EDITED_LOCAL =
  'Local files since the last sync: 1 new (getting-started/new.md), 1 changed (getting-started/installation.md), ' +
  '1 removed (old/old-article.md), 6 unchanged.\n';

/** One edit, one new article, one deleted article (of the kbSeed tab). */
export function editFolder(dir: string): void {
  writeFileSync(
    join(dir, 'getting-started', 'installation.md'),
    '---\nid: kb001\ntitle: Installation\nsort_order: 5\n---\nNew install steps.',
  );
  writeFileSync(join(dir, 'getting-started', 'new.md'), '---\ntitle: New article\n---\nFresh.');
  unlinkSync(join(dir, 'old', 'old-article.md'));
}

export const EDITED_PLAN = [
  '+ article  (new)  getting-started/new.md  "New article"',
  '~ article  kb001  getting-started/installation.md  "Installation"  (body)',
  '- article  kb003  old/old-article.md  "Old article"',
  '',
  'Plan: 1 to create, 1 to update, 1 to delete, 4 unchanged.',
  'Left alone: .cursorrules, CLAUDE.md (AI instruction files, never articles).',
  'Deletions happen only when confirmed; to apply them, add: --confirm-delete kb003',
  '',
].join('\n');
