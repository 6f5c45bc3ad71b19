import type { ModerationType } from '../../../contract/schemas/moderation.js';
import { EXIT, SilentExit, UsageError } from '../../errors.js';
import { defineCommand, type CommandDef, type RunContext } from '../../framework/define-command.js';
import { concurrencyFlag } from '../../bulk/concurrency.js';
import { driveBatch } from '../../bulk/drive-batch.js';
import { DONE, moderationBatch, resultColumns, summaryLines, type ModerationAction } from './bulk.js';
import { dryRunColumns, dryRunSummary, planBatch } from './dry-run.js';
import { collectIds } from './ids.js';

interface ActionOptions {
  /** `post` or `comment` once checked (checkType). */
  type: ModerationType;
  /** Ids as given; `-` reads more from stdin. */
  ids: string[];
  concurrency: number;
  dryRun?: boolean;
}

const ING = { approve: 'Approving', reject: 'Rejecting' } as const;
const plural = (n: number, type: ModerationType) => `${n} ${type}${n === 1 ? '' : 's'}`;
const idsOf = (ctx: RunContext<ActionOptions>, action: ModerationAction) =>
  ctx.once('ids', () => {
    checkType(action, ctx.opts.type, ctx.opts.ids ?? []);
    if (!ctx.opts.ids?.length)
      throw new UsageError(
        `missing ids: give post keys or comment ids after ${ctx.opts.type}, or - to read them from stdin`,
      );
    return collectIds(ctx.f.io, ctx.opts.type, ctx.opts.ids);
  });

const TYPES = ['post', 'comment'] as const;

/**
 * The type comes first; the error gives the command line meant, ids kept: `posts gvcf4` is
 * `post gvcf4`, and `txmrb` alone forgot the type (a number is a comment's id, else a post's key).
 */
function checkType(action: ModerationAction, type: string, ids: readonly string[]): void {
  if ((TYPES as readonly string[]).includes(type)) return;
  const meant = TYPES.find((t) => type.toLowerCase().replace(/s$/, '') === t);
  const line = meant ? [meant, ...ids] : [/^\d+$/.test(type) ? 'comment' : 'post', type, ...ids];
  throw new UsageError(`give post or comment first, then the ids: fp moderation ${action} ${line.join(' ')}`);
}

/**
 * Approve or reject a batch. Every id is tried (failures do not stop the others); the tally
 * goes to stderr, the per-item results to stdout in json/ndjson/csv. Exit 1 when any item failed.
 */
async function moderateRun(action: ModerationAction, ctx: RunContext<ActionOptions>) {
  const { opts, f } = ctx;
  const ids = await idsOf(ctx, action);
  const out = await ctx.output();
  if (opts.dryRun) {
    const plan = ids.length ? await planBatch(await ctx.client(), action, opts.type, ids) : [];
    await out.list(plan, dryRunColumns, { empty: 'No ids given.' });
    f.status(dryRunSummary(action, plan));
    // As the run itself would: exit 1 when an id would fail (D-MOD-DRY-RUN).
    if (plan.some((r) => r.outcome === 'would-fail')) throw new SilentExit(EXIT.failure);
    return;
  }
  if (ids.length === 0) {
    if (out.machine) await out.list([], []);
    f.status(`No ids given: nothing to ${action}.`);
    return;
  }
  await driveBatch(f, out, {
    ids,
    ing: ING[action],
    batch: moderationBatch(await ctx.client(), action, opts.type),
    concurrency: opts.concurrency,
    columns: resultColumns,
    summary: (results, retries) => summaryLines(action, results, retries),
    failing: ['failed'],
  });
}

const OTHER = { approve: 'rejected', reject: 'approved' } as const;

function actionHelp(action: ModerationAction, spec: { intro?: string; dryRun: string }): string {
  const done = DONE[action];
  return `${spec.intro ? `${spec.intro}\n\n` : ''}Outcomes per id:
  ${done.padEnd(9)}  it was pending and is ${done} now
  skipped    it was ${done} already (re-running a batch is safe)
  failed     unknown id, ${OTHER[action]} already, or the request failed
  not-tried  never sent: the run was interrupted (Ctrl-C, exit 130) or stopped by an error
Every id is tried; exit 1 when any failed, 0 otherwise. 429 and 503 answers are retried. On stderr: a progress line on a
terminal, then "${done[0].toUpperCase()}${done.slice(1)} 3, skipped 1 (already ${done}), failed 1" and one line per failure.
With --json (or --format ndjson|csv) stdout gets the results {type, id, outcome, message}.

--dry-run reads the pending and rejected queues (and looks up posts in neither) and changes nothing${action === 'reject' ? ' and needs no --yes' : ''}.
It exits 1 when an id would fail, as the run would. It prints per id:
${spec.dryRun}`;
}

/** The shared declaration of approve and reject. */
export function moderationAction(
  action: ModerationAction,
  spec: { description: string; examples: string[]; intro?: string; dryRun: string },
): CommandDef {
  return defineCommand<ActionOptions>({
    name: action,
    endpoint: action === 'approve' ? 'moderation.approve' : 'moderation.reject',
    description: spec.description,
    args: [
      {
        name: 'type',
        description: 'what the ids are: post or comment',
        // Checked by the run, which knows the ids to suggest with it.
        complete: TYPES,
      },
      {
        name: 'ids...',
        variadic: true,
        // Checked by the run: a missing type is the likelier mistake, and its error says so.
        optional: true,
        description: 'post keys or comment ids; - reads them from stdin (whitespace or newline separated)',
      },
    ],
    flags: [concurrencyFlag, { flags: '--dry-run', description: 'show what would change and change nothing' }],
    examples: spec.examples,
    help: actionHelp(action, spec),
    declined: 'Nothing rejected.',
    async confirm(ctx) {
      const ids = await idsOf(ctx, action);
      return ctx.opts.dryRun || ids.length === 0 ? undefined : `Reject ${plural(ids.length, ctx.opts.type)}?`;
    },
    run: (ctx) => moderateRun(action, ctx),
  });
}
