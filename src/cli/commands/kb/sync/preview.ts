import type { SyncPlan } from '../../../../contract/schemas/knowledgebase.js';
import { EXIT, SilentExit } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { defineCommand } from '../../../framework/define-command.js';
import { tabFlag } from '../options.js';
import { compareToManifest, describeLocalChanges, readManifest } from '../sync-manifest.js';
import { prepareArchive, sendArchive, type PreparedArchive } from './archive-source.js';
import { hasChanges, renderPlan } from './render-plan.js';

/** On stderr: which files of the folder are new, changed or unchanged since it was last exported or synced. */
async function reportLocalChanges(
  f: Factory,
  tab: number,
  folder: NonNullable<PreparedArchive['folder']>,
): Promise<void> {
  const manifest = await readManifest(folder.dir);
  f.status(describeLocalChanges(compareToManifest(manifest, tab, folder.files), tab));
}

/** The plan for the archive; for a folder, its local changes are reported first (known once it has been zipped and sent). */
export async function requestPlan(f: Factory, tab: number, archive: PreparedArchive): Promise<SyncPlan> {
  const { data } = await sendArchive(f, 'knowledgebase.preview', archive, { tab_id: tab });
  if (archive.folder) await reportLocalChanges(f, tab, archive.folder);
  return data;
}

export default defineCommand<{ source: string; tab: number; exitCode?: boolean }>({
  name: 'preview',
  description: 'Show what syncing a ZIP or folder into a tab would create, update and delete (changes nothing)',
  args: [
    {
      name: 'source',
      description: 'a ZIP file, or a folder laid out like an export (zipped on the fly; dotfiles skipped)',
    },
  ],
  flags: [tabFlag, { flags: '--exit-code', description: 'exit 3 when there are changes, 0 when there are none' }],
  examples: [
    'fp kb sync preview --tab 4 docs/help',
    'fp kb sync preview --tab 4 help-center.zip --json',
    'fp kb sync preview --tab 4 docs/help --exit-code || echo "knowledge base differs"',
  ],
  help:
    'Exit status: 0 success (with --exit-code: no changes), 3 changes pending (only with --exit-code),\n' +
    '1 request failed or archive refused, 2 usage error (also a file over 102400 KB).',
  async run({ opts, f }) {
    const plan = await requestPlan(f, opts.tab, await prepareArchive(opts.source));
    return {
      plan: (colour) => renderPlan(plan, colour),
      data: plan,
      after() {
        if (opts.exitCode && hasChanges(plan)) throw new SilentExit(EXIT.changes);
      },
    };
  },
});
