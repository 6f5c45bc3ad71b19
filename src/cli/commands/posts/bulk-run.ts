import type { ApiClient } from '../../../client/api-client.js';
import { concurrencyFlag } from '../../bulk/concurrency.js';
import { driveBatch } from '../../bulk/drive-batch.js';
import { openJournal, type JournalWriter } from '../../bulk/journal.js';
import { runBatch } from '../../bulk/run-batch.js';
import { readStdinKeys } from '../../bulk/stdin-keys.js';
import { confirmDestructive } from '../../confirm.js';
import { EXIT, SilentExit, UsageError } from '../../errors.js';
import type { RunContext } from '../../framework/define-command.js';
import type { FlagSpec } from '../../framework/flags.js';
import {
  applyOp,
  failedResult,
  opName,
  planOp,
  postResultColumns,
  postSummary,
  type PostOp,
  type PostPlan,
  type PostResult,
} from './bulk-changes.js';
import { postsWhere, selectionLines, whereFlag } from './bulk-where.js';

export interface BulkPostOptions {
  key?: string;
  where?: string[];
  journal?: string;
  dryRun?: boolean;
  concurrency: number;
  yes?: boolean;
}

const journalFlag: FlagSpec = {
  flags: '--journal <file>',
  description: "append each post's values before and after to FILE (NDJSON, for `fp posts undo`)",
};

/** The flags of a bulk run; `--yes` where the command has none of its own (delete gets it from its endpoint). */
export function bulkFlags(withYes: boolean): FlagSpec[] {
  return [
    whereFlag,
    journalFlag,
    { flags: '--dry-run', description: 'show what would change and change nothing' },
    concurrencyFlag,
    ...(withYes ? [{ flags: '-y, --yes', description: 'with --where: do not ask for confirmation' }] : []),
  ];
}

export const keyArg = {
  name: 'key',
  description: 'post key, or - for keys on stdin (one a line, or the --json of `fp posts list`)',
  field: 'key',
  optional: true,
  complete: 'posts' as const,
};

/** A run over many posts: `-` (keys on stdin) or `--where`. */
export const isBulk = (opts: BulkPostOptions) => opts.key === '-' || (opts.where?.length ?? 0) > 0;

/** The one post of a single run, or a usage error saying how to name posts. */
export function singleKey(opts: BulkPostOptions, verb: string): string {
  if (opts.key === undefined)
    throw new UsageError(
      `give a post key, - to read keys from stdin, or --where to select posts: fp posts ${verb} KEY`,
    );
  for (const flag of ['journal', 'dryRun'] as const)
    if (opts[flag] !== undefined)
      throw new UsageError(`--${flag === 'dryRun' ? 'dry-run' : flag} is for many posts: give - or --where`);
  return opts.key;
}

/** The posts of the run, read once (shared by the confirmation and the run); a --where selection is shown. */
function selectedKeys(ctx: RunContext<BulkPostOptions>): Promise<string[]> {
  return ctx.once('bulk-keys', async () => {
    const { opts } = ctx;
    if (opts.key !== undefined && opts.where?.length)
      throw new UsageError('give either keys (KEY or -) or --where, not both');
    if (opts.key === '-') return readStdinKeys(ctx.f.io, 'post key');
    const posts = await postsWhere(await ctx.client(), opts.where!, (line) => ctx.status(line));
    if (posts.length) for (const line of selectionLines(posts, opts.where!)) ctx.status(line);
    return posts.map((p) => p.key);
  });
}

const ING = { update: 'Updating', publish: 'Publishing', unpublish: 'Unpublishing', delete: 'Deleting' } as const;

const plural = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

/** The question before a --where run (or any delete): the op and how many posts. */
export async function bulkQuestion(ctx: RunContext<BulkPostOptions>, op: PostOp): Promise<string | undefined> {
  const keys = await selectedKeys(ctx);
  if (ctx.opts.dryRun || keys.length === 0) return undefined;
  const what = op.kind === 'delete' ? ' with their comments and votes' : '';
  const verb = opName(op);
  return `${verb[0].toUpperCase()}${verb.slice(1)} ${plural(keys.length)}${what}?`;
}

/**
 * Every selected post once through the shared batch machinery: a dry run reads and says what
 * would change; a run writes, each item's values before and after going to the journal as it settles.
 */
export async function bulkPostsRun(ctx: RunContext<BulkPostOptions>, op: PostOp, confirmHere: boolean): Promise<void> {
  const { opts, f } = ctx;
  const keys = await selectedKeys(ctx);
  const out = await ctx.output();
  const client = await ctx.client();
  if (keys.length === 0) {
    if (out.machine) await out.list([], []);
    f.status(`No posts: nothing to ${opName(op)}.`);
    return;
  }
  if (opts.dryRun) return dryRun(ctx, client, op, keys);
  if (confirmHere && opts.where?.length) {
    const question = (await bulkQuestion(ctx, op))!;
    if (!(await confirmDestructive(f.io, question, opts.yes))) {
      f.status('Nothing changed.');
      throw new SilentExit(EXIT.usage);
    }
  }
  const journal = opts.journal
    ? openJournal(opts.journal, {
        portal: client.baseUrl,
        command: `posts ${opName(op)}`,
        started_at: new Date().toISOString(),
      })
    : undefined;
  try {
    await driveBatch<PostResult>(f, out, {
      ids: keys,
      ing: ING[opName(op)],
      concurrency: opts.concurrency,
      columns: postResultColumns,
      summary: (results, retries) => postSummary(op, results, retries),
      failing: ['failed'],
      batch: {
        label: (key) => `post ${key}`,
        perform: async (key, { onRetry }) => kept(journal, op, await applyOp(client, op, key, onRetry)),
        failed: (key, err) => kept(journal, op, failedResult(key, err)),
        notTried: (key, why): PostResult => ({ key, outcome: 'not-tried', before: null, after: null, message: why }),
      },
    });
  } finally {
    journal?.close();
  }
}

/** The result, written to the journal first when there is one. */
function kept(journal: JournalWriter | undefined, op: PostOp, r: PostResult): PostResult {
  journal?.write({
    key: r.key,
    op: opName(op),
    outcome: r.outcome,
    before: r.before,
    after: r.after,
    at: new Date().toISOString(),
    ...(r.message && { message: r.message }),
    ...(r.outcome === 'deleted' && {
      restorable: false,
      message: 'deleted: the API cannot bring a post back; before is its last state',
    }),
  });
  return r;
}

async function dryRun(ctx: RunContext<BulkPostOptions>, client: ApiClient, op: PostOp, keys: string[]) {
  const run = await runBatch<PostPlan>(
    keys,
    {
      label: (key) => `post ${key}`,
      perform: (key, { onRetry }) => planOp(client, op, key, onRetry),
      failed: (key, err) => ({ ...failedResult(key, err), outcome: 'would-fail' }),
      notTried: (key, why) => ({ key, outcome: 'would-fail', before: null, after: null, message: why }),
    },
    { concurrency: ctx.opts.concurrency },
  );
  if (run.fatal !== undefined) throw run.fatal;
  await (await ctx.output()).list(run.results, postResultColumns);
  const n = (o: PostPlan['outcome']) => run.results.filter((r) => r.outcome === o).length;
  const parts =
    op.kind === 'delete'
      ? [`would delete ${n('would-delete')}`]
      : op.kind === 'publish'
        ? [`would ${opName(op)} ${n('would-toggle')} (unless already ${opName(op)}ed)`]
        : [`would change ${n('would-change')}`, `would stay ${n('would-stay')}`];
  ctx.status(`Dry run, nothing changed: ${[...parts, `would fail ${n('would-fail')}`].join(', ')}`);
  if (n('would-fail')) throw new SilentExit(EXIT.failure);
}
