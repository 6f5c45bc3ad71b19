import { Argument, type Command } from 'commander';
import type { ModerationType } from '../../../contract/schemas/moderation.js';
import { confirmDestructive } from '../../confirm.js';
import { EXIT, SilentExit } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import type { ModerationAction } from './bulk.js';
import { collectIds, MAX_CONCURRENCY, parseConcurrency } from './ids.js';

export interface ActionOptions {
  type: ModerationType;
  /** Ids as given; `-` reads more from stdin. */
  ids: string[];
  concurrency?: number;
  dryRun?: boolean;
  /** Only asked for by reject. */
  yes?: boolean;
}

export const DEFAULT_CONCURRENCY = 4;

const ING = { approve: 'approving', reject: 'rejecting' } as const;
const plural = (n: number, type: ModerationType) => `${n} ${type}${n === 1 ? '' : 's'}`;

/**
 * Approve or reject a batch. Every id is tried (failures do not stop the others);
 * the summary goes to stderr, the per-item results to stdout in json/ndjson/csv.
 * Exit 1 when any item failed.
 */
export async function moderateRun(action: ModerationAction, opts: ActionOptions, f: Factory): Promise<void> {
  const ids = await collectIds(f.io, opts.type, opts.ids);
  const out = await f.output();
  const machine = out.format === 'json' || out.format === 'ndjson' || out.format === 'csv';

  if (opts.dryRun) {
    const { planBatch, dryRunColumns, dryRunSummary } = await import('./dry-run.js');
    const plan = ids.length ? await planBatch(await f.client(), action, opts.type, ids) : [];
    await out.list(plan, dryRunColumns, { empty: 'No ids given.' });
    f.status(dryRunSummary(action, plan));
    return;
  }

  if (ids.length === 0) {
    if (machine) await out.list([], []);
    f.status(`No ids given: nothing to ${action}.`);
    return;
  }
  if (action === 'reject' && !(await confirmDestructive(f.io, `Reject ${plural(ids.length, opts.type)}?`, opts.yes))) {
    f.status('Nothing rejected.');
    return;
  }

  const client = await f.client();
  const { moderateAll, summaryLines } = await import('./bulk.js');
  const progress = f.io.stderrIsTTY;
  const clearLine = () => progress && f.io.stderr.write('\r\x1b[2K');
  if (progress) f.io.stderr.write(`${ING[action]} 0/${ids.length}…`);
  const interrupt = whileInterruptible(() => {
    clearLine();
    f.status('Interrupted: no new requests; waiting for those in flight (Ctrl-C again to quit at once)…');
  });
  let run;
  try {
    run = await moderateAll(client, action, opts.type, ids, {
      concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
      signal: interrupt.signal,
      onSettled: progress ? (done, total) => f.io.stderr.write(`\r\x1b[2K${ING[action]} ${done}/${total}…`) : undefined,
      onNotice: (line) => {
        clearLine();
        f.status(line);
      },
    });
  } finally {
    interrupt.dispose();
  }
  clearLine();
  const { results, fatal, interrupted, retries } = run;
  if (fatal !== undefined) {
    // The tally, then the one reason (every failure would repeat it).
    f.status(summaryLines(action, results)[0]);
    throw fatal;
  }

  if (machine) {
    const { resultColumns } = await import('./bulk.js');
    await out.list(results, resultColumns);
  }
  for (const line of summaryLines(action, results, retries)) f.status(line);
  if (interrupted) throw new SilentExit(EXIT.interrupted);
  if (results.some((r) => r.outcome === 'failed')) throw new SilentExit(EXIT.failure);
}

/**
 * Ctrl-C during a batch stops new requests and lets those in flight finish, so the tally
 * is true; a second Ctrl-C quits at once. The usual handler (exit 130) is back afterwards.
 */
function whileInterruptible(onFirst: () => void): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const previous = process.listeners('SIGINT');
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    controller.abort();
    onFirst();
  };
  process.removeAllListeners('SIGINT');
  process.on('SIGINT', onSigint);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onSigint);
      for (const listener of previous) process.on('SIGINT', listener as () => void);
    },
  };
}

/** The shared command line of approve and reject. */
export function registerAction(
  parent: Command,
  f: Factory,
  action: ModerationAction,
  spec: { description: string; examples: string[]; help: string },
): Command {
  return withExamples(
    parent
      .command(action)
      .description(spec.description)
      .addArgument(new Argument('<type>', 'what the ids are').choices(['post', 'comment']))
      .argument('<ids...>', 'post keys or comment ids; - reads them from stdin (whitespace or newline separated)')
      .addHelpText('after', spec.help),
    spec.examples,
  )
    .option('--concurrency <n>', `requests in flight at once, 1-${MAX_CONCURRENCY}`, parseConcurrency, DEFAULT_CONCURRENCY)
    .option('--dry-run', 'show what would change and change nothing');
}
