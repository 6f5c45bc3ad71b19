import { concurrencyFlag } from '../../bulk/concurrency.js';
import { driveBatch } from '../../bulk/drive-batch.js';
import { errorText } from '../../bulk/item-error.js';
import { readJournal } from '../../bulk/journal.js';
import { runBatch } from '../../bulk/run-batch.js';
import { confirmDestructive } from '../../confirm.js';
import { EXIT, SilentExit } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';
import { undoItems, undoOne, undoSummary, type UndoResult } from './bulk-undo.js';

interface UndoOptions {
  journal: string;
  dryRun?: boolean;
  concurrency: number;
  yes?: boolean;
}

const columns: Column<UndoResult>[] = [
  { header: 'KEY', field: 'key', value: (r) => r.key },
  { header: 'OUTCOME', field: 'outcome', value: (r) => r.outcome },
  { header: 'BEFORE', field: 'before', value: (r) => (r.before ? JSON.stringify(r.before) : ''), max: 40 },
  { header: 'AFTER', field: 'after', value: (r) => (r.after ? JSON.stringify(r.after) : ''), max: 40 },
  { header: 'MESSAGE', field: 'message', value: (r) => r.message, max: 60 },
];

const failed = (key: string, err: unknown): UndoResult => ({
  key,
  outcome: 'failed',
  before: null,
  after: null,
  message: errorText(err),
});

/** Puts back what bulk runs changed, from their journal (D-BULK-UNDO). */
export default defineCommand<UndoOptions>({
  name: 'undo',
  description: 'Restore the values a bulk run changed, from its --journal file; refuses posts changed since',
  flags: [
    { flags: '--journal <file>', description: 'the journal a bulk run wrote (NDJSON)', required: true },
    { flags: '--dry-run', description: 'show what would be restored and change nothing' },
    concurrencyFlag,
    { flags: '-y, --yes', description: 'do not ask for confirmation' },
  ],
  examples: ['fp posts undo --journal planned.ndjson --dry-run', 'fp posts undo --journal planned.ndjson --yes'],
  help: `Each post gets back the values the journal's runs found first. A post whose values are no longer those
the runs left is refused and named (someone changed it since); one that has its old values already is
unchanged, so an undo may be run again. A deleted post cannot come back through the API: it is reported
(not restorable), and the journal keeps its last state. A journal of another portal, not NDJSON, or with a
cut-short last line is refused before anything changes. Exit 1 when any post was not restored.`,
  async run(ctx) {
    const { opts, f } = ctx;
    const client = await ctx.client();
    const items = undoItems(readJournal(opts.journal, client.baseUrl));
    const out = await ctx.output();
    if (items.length === 0) {
      if (out.machine) await out.list([], []);
      f.status(`Nothing to undo: the journal records no change.`);
      return;
    }
    const byKey = new Map(items.map((i) => [i.key, i]));
    const keys = items.map((i) => i.key);
    const batch = {
      label: (key: string) => `post ${key}`,
      failed,
      notTried: (key: string, why: string): UndoResult => ({
        key,
        outcome: 'not-tried',
        before: null,
        after: null,
        message: why,
      }),
    };
    if (opts.dryRun) {
      const run = await runBatch(
        keys,
        { ...batch, perform: (key, { onRetry }) => undoOne(client, byKey.get(key)!, onRetry, true) },
        { concurrency: opts.concurrency },
      );
      if (run.fatal !== undefined) throw run.fatal;
      await out.list(run.results, columns);
      const count = (o: UndoResult['outcome']) => run.results.filter((r) => r.outcome === o).length;
      f.status(
        `Dry run, nothing changed: would restore ${count('would-restore')}, unchanged ${count('unchanged')} (as before already), would refuse ${count('refused')} (changed since), not restorable ${count('not-restorable')} (deleted), would fail ${count('failed')}`,
      );
      if (run.results.some((r) => ['refused', 'failed', 'not-restorable'].includes(r.outcome)))
        throw new SilentExit(EXIT.failure);
      return;
    }
    const n = items.length === 1 ? '1 post' : `${items.length} posts`;
    if (!(await confirmDestructive(f.io, `Restore ${n} from ${opts.journal}?`, opts.yes))) {
      f.status('Nothing changed.');
      throw new SilentExit(EXIT.usage);
    }
    await driveBatch<UndoResult>(f, out, {
      ids: keys,
      ing: 'Restoring',
      concurrency: opts.concurrency,
      columns,
      summary: undoSummary,
      failing: ['refused', 'failed', 'not-restorable'],
      batch: { ...batch, perform: (key, { onRetry }) => undoOne(client, byKey.get(key)!, onRetry) },
    });
  },
});
