import type { Command } from 'commander';
import type { SyncPlan, SyncResult } from '../../../../contract/schemas/knowledgebase.js';
import { confirmDestructive } from '../../../confirm.js';
import type { Factory } from '../../../factory.js';
import { withExamples } from '../../../help.js';
import { parseIdList } from '../../../parse.js';
import { parseSectionIds, tabOption } from '../options.js';
import { prepareArchive } from './archive-source.js';
import { requestPlan } from './preview.js';
import { hasChanges, renderPlan, renderResult } from './render-plan.js';

export interface ExecuteOptions {
  tab: number;
  source: string;
  /** Article ids (post keys or numeric ids) whose deletion is confirmed. */
  confirmDelete?: string[];
  /** Section ids whose deletion is confirmed. */
  confirmDeleteSection?: number[];
  yes?: boolean;
}

/**
 * Previews and shows the plan, asks (or needs --yes), then applies it. The
 * archive is prepared once (a folder zipped once) and uploaded for both steps.
 */
export async function executeRun(opts: ExecuteOptions, f: Factory): Promise<void> {
  const archive = await prepareArchive(opts.source);
  try {
    const plan = await requestPlan(f, opts.tab, archive);
    const out = await f.output();
    const machine = out.format === 'json' || out.format === 'ndjson';
    const colour = out.format === 'table' ? out.chalk : undefined;
    // JSON output keeps stdout for the result alone.
    (machine ? f.io.stderr : f.io.stdout).write(renderPlan(plan, colour));

    if (!hasChanges(plan)) {
      if (machine) out.json(emptyResult());
      return;
    }
    for (const warning of unmatchedConfirmations(plan, opts)) f.status(`warning: ${warning}`);
    if (!(await confirmDestructive(f.io, 'Apply these changes?', opts.yes))) {
      f.status('Nothing applied.');
      return;
    }

    const client = await f.client();
    const { uploadArchive } = await import('../../../../client/kb-upload.js');
    const { data } = await uploadArchive(
      client,
      'knowledgebase.execute',
      archive.zipPath,
      {
        tab_id: opts.tab,
        ...(opts.confirmDelete?.length ? { delete_confirmed: opts.confirmDelete } : {}),
        ...(opts.confirmDeleteSection?.length ? { delete_sections_confirmed: opts.confirmDeleteSection } : {}),
      },
      archive.filename,
    );
    if (machine) out.json(data);
    else f.io.stdout.write(`\n${renderResult(data, colour)}`);
  } finally {
    await archive.cleanup();
  }
}

/** Confirmations that name nothing the plan would delete: most likely a typo, so say so. */
export function unmatchedConfirmations(plan: SyncPlan, opts: Pick<ExecuteOptions, 'confirmDelete' | 'confirmDeleteSection'>): string[] {
  const articleIds = new Set(plan.articles.delete.flatMap((a) => [a.id, String(a.database_id)]));
  const sectionIds = new Set(plan.sections.delete.map((s) => s.id));
  return [
    ...(opts.confirmDelete ?? []).filter((id) => !articleIds.has(id)).map((id) => `--confirm-delete ${id}: no article with this id would be deleted`),
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

/** `run` is replaceable so tests can check the options a command line parses to. */
export function register(parent: Command, f: Factory, run: typeof executeRun = executeRun): void {
  withExamples(
    parent
      .command('execute')
      .description('Apply a ZIP or folder to a tab: creates and updates; deletes only what is confirmed')
      .argument('<source>', 'a ZIP file, or a folder laid out like an export (zipped on the fly; dotfiles skipped)'),
    [
      'fp kb sync execute --tab 3 docs/help',
      'fp kb sync execute --tab 3 docs/help --yes --confirm-delete abc12,def34 --confirm-delete-section 12',
    ],
  )
    .addOption(tabOption())
    .option('--confirm-delete <ids>', 'article ids (post keys) whose deletion is confirmed; comma-separated or repeated', parseIdList)
    .option('--confirm-delete-section <ids>', 'section ids whose deletion is confirmed; comma-separated or repeated', parseSectionIds)
    .option('-y, --yes', 'apply without asking (needed without a terminal)')
    .addHelpText('after', 'Deletions that are not confirmed are skipped and reported with the flag that would confirm them.\n')
    .action((source: string, o: { tab: number; confirmDelete?: string[]; confirmDeleteSection?: number[]; yes?: boolean }) =>
      run({ tab: o.tab, source, confirmDelete: o.confirmDelete, confirmDeleteSection: o.confirmDeleteSection, yes: o.yes }, f),
    );
}
