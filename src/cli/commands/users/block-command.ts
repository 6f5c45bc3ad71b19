import type { ApiClient, RetryNotice } from '../../../client/api-client.js';
import { concurrencyFlag } from '../../bulk/concurrency.js';
import { driveBatch } from '../../bulk/drive-batch.js';
import { errorText, inWords } from '../../bulk/item-error.js';
import { retriesLines, runBatch } from '../../bulk/run-batch.js';
import { readStdinKeys } from '../../bulk/stdin-keys.js';
import { EXIT, SilentExit, UsageError } from '../../errors.js';
import { defineCommand, type CommandDef, type RunContext } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';
import { resolveUser } from '../../resolve/user.js';
import { userIdsOf, usersArg } from './users-args.js';

interface BlockOptions {
  users: string[];
  dryRun?: boolean;
  concurrency: number;
}

/** One user of a batch, as --json prints it. */
interface UserResult {
  user: string;
  outcome: 'blocked' | 'unblocked' | 'failed' | 'not-tried' | 'would-change' | 'would-stay';
  message: string;
}

const columns: Column<UserResult>[] = [
  { header: 'USER', field: 'user', value: (r) => r.user },
  { header: 'OUTCOME', field: 'outcome', value: (r) => r.outcome },
  { header: 'MESSAGE', field: 'message', value: (r) => r.message, max: 80 },
];

const failed = (user: string, err: unknown): UserResult => ({ user, outcome: 'failed', message: errorText(err) });
const notTried = (user: string, why: string): UserResult => ({ user, outcome: 'not-tried', message: why });

/**
 * `fp users block|unblock`: the users named in one request (1-100), or with `-` any number read
 * from stdin (one a line, or the --json of `fp users list`), each in a request of its own through
 * the shared batch machinery, so one unknown user fails alone (D-BULK-USERS).
 */
export function blockCommand(blocked: boolean, spec: { description: string; examples: string[] }): CommandDef {
  const verb = blocked ? 'block' : 'unblock';
  const endpoint = blocked ? 'users.bulkBlock' : 'users.bulkUnblock';
  const done = blocked ? 'blocked' : 'unblocked';
  return defineCommand<BlockOptions>({
    name: verb,
    endpoint,
    description: spec.description,
    args: [{ ...usersArg, description: `${usersArg.description}; - reads any number from stdin` }],
    flags: [{ flags: '--dry-run', description: 'with -: show who would change and change nothing' }, concurrencyFlag],
    examples: spec.examples,
    help: `With - the users come from stdin (UUIDs, ids, e-mails or names, one a line, or the --json output of
\`fp users list\`), each ${verb}ed in a request of its own: 429 and 503 answers are retried, Ctrl-C stops new
requests ("not tried N"), a user already ${done} is unchanged, and the run exits 1 when any user failed.`,
    async run(ctx) {
      if (!ctx.opts.users.includes('-')) {
        if (ctx.opts.dryRun) throw new UsageError('--dry-run is for users read from stdin (-)');
        const res = await (await ctx.client()).call(endpoint, { body: { user_ids: await userIdsOf(ctx) } });
        return { done: res.message, data: res };
      }
      await blockRun(ctx, blocked);
    },
  });
}

async function blockRun(ctx: RunContext<BlockOptions>, blocked: boolean): Promise<void> {
  const { f, opts } = ctx;
  const typed = [
    ...new Set([...(await readStdinKeys(f.io, 'user', { perLine: true })), ...opts.users.filter((u) => u !== '-')]),
  ];
  const out = await ctx.output();
  const client = await ctx.client();
  const verb = blocked ? 'block' : 'unblock';
  if (typed.length === 0) {
    if (out.machine) await out.list([], []);
    f.status(`No users given: nothing to ${verb}.`);
    return;
  }
  const idOf = (user: string) => resolveUser(() => Promise.resolve(client), user, 'USERS', undefined, ctx.status);
  const base = { label: (user: string) => `user ${user}`, failed, notTried };
  if (opts.dryRun) {
    const run = await runBatch<UserResult>(
      typed,
      {
        ...base,
        perform: async (user, { onRetry }) => planOne(client, String(await idOf(user)), user, blocked, onRetry),
      },
      { concurrency: opts.concurrency },
    );
    if (run.fatal !== undefined) throw run.fatal;
    await out.list(run.results, columns);
    const n = (o: UserResult['outcome']) => run.results.filter((r) => r.outcome === o).length;
    f.status(
      `Dry run, nothing changed: would ${verb} ${n('would-change')}, unchanged ${n('would-stay')}, would fail ${n('failed')}`,
    );
    if (n('failed')) throw new SilentExit(EXIT.failure);
    return;
  }
  await driveBatch<UserResult>(f, out, {
    ids: typed,
    ing: blocked ? 'Blocking' : 'Unblocking',
    concurrency: opts.concurrency,
    columns,
    failing: ['failed'],
    summary: (results, retries) => {
      const n = (o: UserResult['outcome']) => results.filter((r) => r.outcome === o).length;
      const notTriedText = n('not-tried') ? `, not tried ${n('not-tried')}` : '';
      return [
        `${blocked ? 'Blocked' : 'Unblocked'} ${n(blocked ? 'blocked' : 'unblocked')}, failed ${n('failed')}${notTriedText}`,
        ...results.filter((r) => r.outcome === 'failed').map((r) => `  user ${r.user}: ${inWords(r.message)}`),
        ...retriesLines(retries),
      ];
    },
    batch: {
      ...base,
      async perform(user, { onRetry }) {
        const body = { user_ids: [await idOf(user)] };
        // Blocking sets a state: safe to repeat after a dropped connection.
        const options = { idempotent: true, onRetry };
        const res = blocked
          ? await client.call('users.bulkBlock', { body }, options)
          : await client.call('users.bulkUnblock', { body }, options);
        return { user, outcome: blocked ? 'blocked' : 'unblocked', message: res.message };
      },
    },
  });
}

async function planOne(
  client: ApiClient,
  id: string,
  user: string,
  blocked: boolean,
  onRetry: (notice: RetryNotice) => void,
): Promise<UserResult> {
  const { data } = await client.call('users.get', { params: { user: id } }, { onRetry });
  return Boolean(data.blocked) === blocked
    ? { user, outcome: 'would-stay', message: `already ${blocked ? 'blocked' : 'unblocked'}` }
    : { user, outcome: 'would-change', message: '' };
}
