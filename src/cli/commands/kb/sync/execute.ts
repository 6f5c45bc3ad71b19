import { stat } from 'node:fs/promises';
import type { ChalkInstance } from 'chalk';
import type { SyncPlan, SyncResult } from '../../../../contract/schemas/knowledgebase.js';
import { SilentExit, UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { defineCommand } from '../../../framework/define-command.js';
import type { Ending } from '../../../framework/ending.js';
import type { FlagSpec } from '../../../framework/flags.js';
import { canPrompt } from '../../../io.js';
import { parseIdList } from '../../../parse.js';
import { ALL_SHOWN, parseSectionIds, plural, tabFlag } from '../options.js';
import { writeManifest } from '../sync-manifest.js';
import { prepareArchive, sendArchive, type PreparedArchive } from './archive-source.js';
import { requestPlan } from './preview.js';
import { confirmFlags, hasChanges, renderPlan, renderResult } from './render-plan.js';
import { createdFiles } from './created-files.js';

interface ExecuteOptions {
  tab: number;
  source: string;
  /** Article ids (post keys or numeric ids) whose deletion is confirmed, or `all-shown`. */
  confirmDelete?: string[];
  /** Section ids whose deletion is confirmed, or `all-shown`. */
  confirmDeleteSection?: Array<number | typeof ALL_SHOWN>;
  yes?: boolean;
  /** For a ZIP source: the folder it was zipped from, to write the new ids into. */
  writeBack?: string;
}

/**
 * Previews and shows the plan, asks (or needs --yes), then applies it. A ZIP
 * file is uploaded for both steps; a folder is zipped on the way each time, and
 * the second upload stops short (nothing applied) if a file differs from what
 * the preview was made of.
 * Afterwards the ids of created items are written into the files that created
 * them and the folder's sync manifest is updated, so that running it again
 * changes nothing. Exits 1 when a deletion was left unconfirmed or an id could
 * not be written back.
 */
async function execute(opts: ExecuteOptions, f: Factory): Promise<Ending> {
  const allShown = opts.confirmDelete?.includes(ALL_SHOWN) || opts.confirmDeleteSection?.includes(ALL_SHOWN);
  if (allShown && !opts.yes && !canPrompt(f.io)) {
    throw new UsageError(`${ALL_SHOWN} confirms every deletion the plan shows; without a terminal it needs --yes`);
  }
  if (opts.writeBack !== undefined) await checkWriteBackTarget(opts.source, opts.writeBack);

  const archive = await prepareArchive(opts.source);
  const plan = await requestPlan(f, opts.tab, archive);
  const shown = { plan: (colour: ChalkInstance | undefined) => renderPlan(plan, colour), data: plan };
  if (!hasChanges(plan)) {
    return {
      ...shown,
      apply: {
        declined: 'Nothing applied.',
        async run() {
          if (archive.folder) await writeManifest(archive.folder.dir, opts.tab, archive.folder.files);
          return { report: () => '', data: emptyResult() };
        },
      },
    };
  }
  const confirmations = expandAllShown(plan, opts);
  return {
    ...shown,
    apply: {
      warnings: unmatchedConfirmations(plan, confirmations).map((warning) => `warning: ${warning}`),
      confirm: 'Apply these changes?',
      yes: opts.yes,
      declined: 'Nothing applied.',
      run: () => apply(f, opts, archive, confirmations),
    },
  };
}

/** Sends the archive again with the confirmed deletions; the result, then the ids written back. */
async function apply(
  f: Factory,
  opts: ExecuteOptions,
  archive: PreparedArchive,
  confirmations: Confirmations,
): Promise<Ending> {
  const { data } = await sendArchive(f, 'knowledgebase.execute', archive, {
    tab_id: opts.tab,
    ...(confirmations.confirmDelete.length ? { delete_confirmed: confirmations.confirmDelete } : {}),
    ...(confirmations.confirmDeleteSection.length
      ? { delete_sections_confirmed: confirmations.confirmDeleteSection }
      : {}),
  });
  return {
    report: (colour) => `\n${renderResult(data, colour)}`,
    data,
    async after() {
      const writeBackFailed = await recordIds(f, opts, archive, data);
      const skipped = data.skipped.sections.length + data.skipped.articles.length;
      if (skipped > 0) {
        f.status(
          `error: ${plural(skipped, 'deletion')} not confirmed; to apply, run again with: ${confirmFlags(data.skipped)}`,
        );
      }
      if (skipped > 0 || writeBackFailed) throw new SilentExit(1);
    },
  };
}

/** Writes the new ids back and updates the manifest; true when an id could not be written. */
async function recordIds(
  f: Factory,
  opts: ExecuteOptions,
  archive: PreparedArchive,
  data: SyncResult,
): Promise<boolean> {
  const target = archive.folder?.dir ?? opts.writeBack;
  const created = createdFiles(data);
  let failed = false;
  if (created.length > 0 && target === undefined) {
    f.status(
      `warning: ${plural(created.length, 'new item')} got an id that a ZIP cannot hold; running this ZIP again creates ` +
        `${created.length === 1 ? 'it' : 'them'} again. Pass --write-back DIR (the folder it was zipped from), or sync the folder itself.`,
    );
  }
  if (created.length > 0 && target !== undefined) {
    // Loaded only here: it brings the YAML parser.
    const { writeBackIds } = await import('./write-back-ids.js');
    const report = await writeBackIds(target, data);
    if (report.written.length > 0) {
      f.status(
        `Wrote ${plural(report.written.length, 'id')} into ${target}: ${report.written.map((w) => `${w.path} (${w.id})`).join(', ')}`,
      );
    }
    for (const miss of report.failed)
      f.status(`error: could not write id ${miss.id} into ${miss.path}: ${miss.reason}`);
    failed = report.failed.length > 0;
    if (archive.folder) {
      const files = new Map(archive.folder.files);
      for (const w of report.written) files.set(w.path, w.sha256);
      // A file that could not take its id is left out, so that it shows as new next time.
      for (const miss of report.failed) files.delete(miss.path);
      await writeManifest(archive.folder.dir, opts.tab, files);
    }
  } else if (archive.folder) {
    await writeManifest(archive.folder.dir, opts.tab, archive.folder.files);
  }
  return failed;
}

async function checkWriteBackTarget(source: string, dir: string): Promise<void> {
  const sourceInfo = await stat(source).catch(() => null);
  if (sourceInfo?.isDirectory())
    throw new UsageError('--write-back is for a ZIP source: a folder source gets its ids written back itself');
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`--write-back ${dir}: no such folder`);
}

interface Confirmations {
  confirmDelete: string[];
  confirmDeleteSection: number[];
}

/** `all-shown` stands for every deletion of the plan just shown. */
function expandAllShown(
  plan: SyncPlan,
  opts: Pick<ExecuteOptions, 'confirmDelete' | 'confirmDeleteSection'>,
): Confirmations {
  const articles = opts.confirmDelete ?? [];
  const sections = opts.confirmDeleteSection ?? [];
  return {
    confirmDelete: articles.includes(ALL_SHOWN) ? plan.articles.delete.map((a) => a.id) : articles,
    confirmDeleteSection: sections.includes(ALL_SHOWN)
      ? plan.sections.delete.map((s) => s.id)
      : sections.filter((s): s is number => typeof s === 'number'),
  };
}

/** Confirmations that name nothing the plan would delete: most likely a typo, so say so. */
function unmatchedConfirmations(plan: SyncPlan, opts: Partial<Confirmations>): string[] {
  const articleIds = new Set(plan.articles.delete.flatMap((a) => [a.id, String(a.database_id)]));
  const sectionIds = new Set(plan.sections.delete.map((s) => s.id));
  return [
    ...(opts.confirmDelete ?? [])
      .filter((id) => !articleIds.has(id))
      .map((id) => `--confirm-delete ${id}: no article with this id would be deleted`),
    ...(opts.confirmDeleteSection ?? [])
      .filter((id) => !sectionIds.has(id))
      .map((id) => `--confirm-delete-section ${id}: no section with this id would be deleted`),
  ];
}

function emptyResult(): SyncResult {
  const kind = () => ({ create: [], update: [], delete: [] });
  return {
    applied: { tab: { changes: [] }, sections: kind(), articles: kind() },
    skipped: { sections: [], articles: [] },
    summary: { created: 0, updated: 0, deleted: 0, skipped: 0 },
  };
}

export default defineCommand<ExecuteOptions>({
  name: 'execute',
  description:
    'Apply a ZIP or folder to a tab: creates and updates; deletes only what is confirmed; writes new ids back',
  args: [
    {
      name: 'source',
      description: 'a ZIP file, or a folder laid out like an export (zipped on the fly; dotfiles skipped)',
    },
  ],
  flags: [
    tabFlag,
    {
      flags: '--confirm-delete <ids>',
      description: `article ids (post keys) whose deletion is confirmed; comma-separated or repeated; ${ALL_SHOWN}: every one the plan shows`,
      parse: parseIdList as FlagSpec['parse'],
    },
    {
      flags: '--confirm-delete-section <ids>',
      description: `section ids whose deletion is confirmed; comma-separated or repeated; ${ALL_SHOWN}: every one the plan shows`,
      parse: parseSectionIds as FlagSpec['parse'],
    },
    {
      flags: '--write-back <dir>',
      description: 'for a ZIP source: write the ids of created items into this folder (the one the ZIP was made from)',
    },
    { flags: '-y, --yes', description: `apply without asking (needed without a terminal, also for ${ALL_SHOWN})` },
  ],
  examples: [
    'fp kb sync execute --tab 4 docs/help',
    'fp kb sync execute --tab 4 docs/help --yes --confirm-delete abc12,def34 --confirm-delete-section 12',
    'fp kb sync execute --tab 4 help.zip --yes --write-back docs/help',
  ],
  help:
    'A folder source gets the ids of created items written into its files (front matter `id:`) and a\n' +
    'sync manifest (.fp-sync.json), so running the same command again changes nothing.\n' +
    'Exit status: 0 applied (or nothing to do), 1 request failed, a deletion was not confirmed (skipped)\n' +
    'or an id could not be written back, 2 usage error.',
  // The plan is the question: its ending shows it (from a preview), then asks unless --yes.
  run: ({ opts, f }) => execute(opts, f),
});
