import { Command } from 'commander';
import type { ApiClient } from '../../client/api-client.js';
import { ApiError, RequestValidationError } from '../../client/errors.js';
import { paginators, type PageProgress, type PaginatedOperation } from '../../client/paginate.js';
import type { Endpoint } from '../../contract/endpoints.js';
import { isReferenceOperation, operation, type AnyOperationName } from '../../contract/operations.js';
import type { CachedSource } from '../completion/name-cache.js';
import { confirmDestructive } from '../confirm.js';
import { EXIT, SilentExit, UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { withExamples } from '../help.js';
import { notOffered, routesMissing } from '../reference-server.js';
import type { Column, Output } from '../output/output.js';
import { renderEnding, type Ending } from './ending.js';
import {
  checkField,
  fieldPhrase,
  flagArgument,
  flagAttribute,
  fieldSchema,
  flagName,
  flagOption,
  type ArgSpec,
  type FlagSpec,
  type KeepNames,
} from './flags.js';
import { responseFields } from './response-fields.js';
import { pagesText, progressLine } from './progress.js';

export interface RunContext<O> {
  f: Factory;
  /** The parsed commander command (its parents lead to the root program). */
  command: Command;
  /** Flags and arguments under commander's camelCase names: `--saved-query` is `savedQuery`, `<post>` is `post`. */
  opts: O;
  /** API fields filled by flags and arguments that declare one, checked against the endpoint's schemas. */
  fields: Record<string, unknown>;
  client(): Promise<ApiClient>;
  output(): Promise<Output>;
  /** A line for people on stderr. */
  status(text: string): void;
  /** Every item of the endpoint's list, page by page, with the paginator the endpoint entry picks. */
  all(query?: Record<string, unknown>): AsyncIterable<unknown>;
  /** Work done once per run, shared by `confirm` and `run` (e.g. a name resolved to an id). */
  once<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Use this output format instead of the global one (for a command whose --format means more). */
  useFormat(format: string | undefined): void;
  /** Keep names of items read on the way (a tab list read to resolve a name) for completion. */
  keepNames: KeepNames;
}

export interface CommandSpec<O> {
  /** The verb: `list`. */
  name: string;
  /**
   * The operation the command performs, if any: of the API's table (src/contract/endpoints.ts)
   * or the reference server's own (reference-endpoints.ts, e.g. `webhooks.delete`).
   */
  endpoint?: AnyOperationName;
  /** One line; the endpoint's summary when not given. */
  description?: string;
  args?: ArgSpec[];
  flags?: FlagSpec[];
  /** Table columns of the command's records (a list, or the fields of one record). */
  columns?: Column<never>[];
  /** Command lines that run against `fp server --seed demo`. */
  examples: string[];
  /** More help after the examples. */
  help?: string;
  /** Add `--all`: follow every page with the endpoint's paginator. */
  paginate?: boolean;
  /**
   * Ask before a destructive endpoint: the question, or undefined when there is nothing to ask (a
   * dry run). `false` declares a verb of a destructive endpoint that deletes without asking (and
   * has no `--yes`); its file says why.
   */
  confirm?: false | ((ctx: RunContext<O>) => string | undefined | Promise<string | undefined>);
  /** Said on stderr when the person answers no. */
  declined?: string;
  /** Said on stderr for an empty table (with the default run). */
  empty?: string;
  /** Keep the names (post keys…) of the listed items for completion (`--category <TAB>`), per profile. */
  keepsNames?: CachedSource[];
  /** Left out of help and completion (`fp __complete`). */
  hidden?: boolean;
  /** At least one of these flags must be given (`['--name', '--color']`): "nothing to update: pass --name and/or --color". */
  needsOneOf?: string[];
  /** Subcommands of a command that also runs itself (`fp server` and `fp server dump`). */
  commands?: Array<CommandDef | GroupDef>;
  /** What the command does; by default it calls the endpoint with the checked fields and shows its data. */
  run?(ctx: RunContext<O>): Promise<Ending | void>;
}

export interface CommandDef {
  readonly spec: CommandSpec<never>;
  register(parent: Command, f: Factory): Command;
}

const attributeOf = (name: string) =>
  name.replace(/\.\.\.$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A command's spec with what the framework derives from it once, at declaration. */
interface Declared<O> {
  spec: CommandSpec<O>;
  endpoint: Endpoint | undefined;
  destructive: boolean;
  /** The spec's flags, then `--all` and `--yes` where the endpoint calls for them. */
  flags: FlagSpec[];
  /** API field → the flag the user typed for it (arguments keep the API's field names, as the contract shows them). */
  typed: Map<string, string>;
}

/**
 * A command declared as data: the framework derives the flag checks (from the endpoint's zod
 * schemas, errors worded with flag names), `--all` (the endpoint's paginator), `--yes` and the
 * confirmation (from `destructive`), the output ending, help and completion.
 */
export function defineCommand<O = Record<string, never>>(spec: CommandSpec<O>): CommandDef {
  const declared = declare(spec);
  return { spec: spec as CommandSpec<never>, register: (parent, f) => registerCommand(parent, f, declared) };
}

/**
 * The spec checked against its endpoint (a destructive one asks first, unless the spec says it
 * does not; `--all` needs a paginator), and its flags.
 */
function declare<O>(spec: CommandSpec<O>): Declared<O> {
  const endpoint: Endpoint | undefined = spec.endpoint ? operation(spec.endpoint) : undefined;
  if (spec.confirm === false && endpoint?.destructive !== true)
    throw new Error(`${spec.name}: confirm: false is for a destructive endpoint, and ${spec.endpoint} is not`);
  const destructive = endpoint?.destructive === true && spec.confirm !== false;
  if (destructive && !spec.confirm)
    throw new Error(`${spec.name}: ${spec.endpoint} is destructive and needs a confirm question (or confirm: false)`);
  if (spec.paginate && !(spec.endpoint && spec.endpoint in paginators))
    throw new Error(`${spec.name}: ${spec.endpoint} has no paginator`);
  const flags: FlagSpec[] = [...(spec.flags ?? [])];
  if (spec.paginate) flags.push({ flags: '--all', description: 'every item, fetched page by page and streamed' });
  if (destructive) flags.push({ flags: '-y, --yes', description: 'do not ask for confirmation' });
  const typed = new Map<string, string>();
  for (const fl of flags) {
    for (const field of [fl.field, ...(fl.errorsFor ?? [])]) if (field) typed.set(field, flagName(fl));
  }
  return { spec, endpoint, destructive, flags, typed };
}

/** The command under `parent`: its arguments, flags, help and subcommands, and the action that runs it. */
function registerCommand<O>(parent: Command, f: Factory, declared: Declared<O>): Command {
  const { spec } = declared;
  const cmd = parent
    .command(spec.name, { hidden: spec.hidden })
    .description(spec.description ?? declared.endpoint?.summary ?? '');
  for (const a of spec.args ?? []) cmd.addArgument(flagArgument(a));
  for (const fl of declared.flags) cmd.addOption(flagOption(fl));
  withExamples(cmd, spec.examples);
  if (spec.help) cmd.addHelpText('after', `${spec.help.trim()}\n`);
  for (const sub of spec.commands ?? []) sub.register(cmd, f);
  cmd.action((...given: unknown[]) => runCommand(f, declared, given));
  return cmd;
}

/** One run: options read and resolved, fields checked, the confirmation, the run, and its ending shown. */
async function runCommand<O>(f: Factory, declared: Declared<O>, given: unknown[]): Promise<void> {
  const { spec, endpoint } = declared;
  const command = given[given.length - 1] as Command;
  const opts = await optionsOf(f, declared, command, given);
  const ctx = context(f, command, endpoint, opts as O, collectFields(endpoint, spec, declared.flags, opts));
  try {
    // A "no" cancels the command: exit 2, as gh exits on a cancelled prompt (D-DECLINED-EXIT).
    if (declared.destructive && !(await confirmed(f, spec, ctx, opts.yes as boolean | undefined)))
      throw new SilentExit(EXIT.usage);
    const ending = await (spec.run ? spec.run(ctx) : callEndpoint(ctx, declared));
    if (ending) await showEnding(f, declared, ctx, ending);
  } catch (err) {
    throw inFlagTerms(await explained(f, declared.flags, opts, await offeredHere(f, spec, err)), declared.typed);
  }
}

/**
 * A 404 to a verb of a reference operation from a portal without the reference server's routes
 * (the hosted service): a usage error (exit 2) saying where that is done there instead.
 */
async function offeredHere<O>(f: Factory, { endpoint }: CommandSpec<O>, err: unknown): Promise<unknown> {
  if (endpoint && isReferenceOperation(endpoint) && (await routesMissing(err, () => f.client())))
    return new UsageError(notOffered(endpoint));
  return err;
}

/** A 422 refusing a flag's value, in the words of the flag's `explain` where it has them. */
async function explained(f: Factory, flags: FlagSpec[], opts: Record<string, unknown>, err: unknown): Promise<unknown> {
  if (!(err instanceof ApiError && err.status === 422)) return err;
  const errors = { ...err.fieldErrors };
  for (const fl of flags) {
    const fields = [fl.field, ...(fl.errorsFor ?? [])].filter((x): x is string => x !== undefined && x in errors);
    const value = opts[flagAttribute(fl)];
    if (!fl.explain || !fields.length || value === undefined) continue;
    // The explanation asks the portal again; when that fails, its own words stand.
    const text = await fl.explain(value, () => f.client()).catch(() => undefined);
    if (text) for (const field of fields) errors[field] = [text];
  }
  return new ApiError(err.status, err.message, errors, err.body);
}

/** Flags and arguments under their attribute names, one of `needsOneOf` given, names resolved to ids. */
async function optionsOf<O>(
  f: Factory,
  { spec, flags }: Declared<O>,
  command: Command,
  given: unknown[],
): Promise<Record<string, unknown>> {
  const opts: Record<string, unknown> = { ...command.opts() };
  (spec.args ?? []).forEach((a, i) => (opts[attributeOf(a.name)] = given[i]));
  if (spec.needsOneOf?.every((flag) => opts[attributeOf(flag.replace(/^--/, ''))] === undefined)) {
    throw new UsageError(`nothing to ${spec.name}: pass ${spec.needsOneOf.join(' and/or ')}`);
  }
  const keep: KeepNames = (source, items) => keepListedNames(f, [source], items);
  // Names become ids first, so the endpoint's schema checks what will be sent.
  for (const fl of flags) {
    const key = flagAttribute(fl);
    if (fl.resolve && opts[key] !== undefined)
      opts[key] = await fl.resolve(
        opts[key],
        () => f.client(),
        flagName(fl),
        keep,
        (line) => f.status(line),
      );
  }
  return opts;
}

/** A destructive command goes on when there is nothing to ask (a dry run), `--yes` was given or the answer is yes. */
async function confirmed<O>(
  f: Factory,
  spec: CommandSpec<O>,
  ctx: RunContext<O>,
  yes: boolean | undefined,
): Promise<boolean> {
  const question = spec.confirm ? await spec.confirm(ctx) : undefined;
  if (question === undefined || (await confirmDestructive(f.io, question, yes))) return true;
  f.status(spec.declined ?? 'Nothing changed.');
  return false;
}

/** The run's ending in the output format; the names of a listed page kept for completion when the spec asks. */
async function showEnding<O>(f: Factory, { spec, endpoint }: Declared<O>, ctx: RunContext<O>, ending: Ending) {
  const columns = spec.columns as Column<unknown>[] | undefined;
  await renderEnding(() => ctx.output(), f, ending, columns, responseFields(endpoint));
  if (spec.keepsNames && 'list' in ending && Array.isArray(ending.list))
    await keepListedNames(f, spec.keepsNames, ending.list);
}

/**
 * The names of a list just shown, kept for completion: under the profile in use when the portal
 * is the profile's own, else under the portal's address (--base-url, FP_BASE_URL).
 */
async function keepListedNames(f: Factory, sources: CachedSource[], rows: unknown[]): Promise<void> {
  const { cacheKey, keepNames, namesOf } = await import('../completion/name-cache.js');
  const key = cacheKey(await f.credentials());
  if (!key) return;
  keepNames(f.io.env, key, Object.fromEntries(sources.map((source) => [source, namesOf(source, rows)])));
}

/** The default run: the endpoint called with the checked fields as its query or body; its `data` shown. */
async function callEndpoint<O>(ctx: RunContext<O>, { spec, endpoint }: Declared<O>): Promise<Ending> {
  if (!spec.endpoint || !endpoint) throw new Error(`${spec.name} declares neither an endpoint nor a run`);
  const args = { [endpoint.method === 'GET' ? 'query' : 'body']: ctx.fields };
  const res = (await (await ctx.client()).call(spec.endpoint, args as never)) as { data: unknown };
  return Array.isArray(res.data) ? { list: res.data, empty: spec.empty } : { item: res.data };
}

function collectFields(
  endpoint: Endpoint | undefined,
  spec: CommandSpec<never>,
  flags: FlagSpec[],
  opts: Record<string, unknown>,
) {
  const fields: Record<string, unknown> = {};
  const take = (
    field: string | undefined,
    key: string,
    shown: string,
    checked: Pick<FlagSpec, 'checkedBy' | 'expected' | 'secret'> = {},
  ) => {
    const value = opts[key];
    // `--no-parent` leaves false under the same name: the command says what that sends.
    if (!field || value === undefined || value === false) return;
    const schema = fieldSchema(checked.checkedBy ? operation(checked.checkedBy) : endpoint, field);
    fields[field] = schema ? checkField(schema, value, field, shown, checked.expected, checked.secret) : value;
  };
  for (const fl of flags) take(fl.field, flagAttribute(fl), flagName(fl), fl);
  for (const a of spec.args ?? []) take(a.field, attributeOf(a.name), a.name.toUpperCase());
  return fields;
}

function context<O>(
  f: Factory,
  command: Command,
  endpoint: Endpoint | undefined,
  opts: O,
  fields: Record<string, unknown>,
): RunContext<O> {
  const memo = new Map<string, Promise<unknown>>();
  let format: { value: string | undefined } | undefined;
  let output: Promise<Output> | undefined;
  const ctx: RunContext<O> = {
    f,
    command,
    opts,
    fields,
    client: () => f.client(),
    output: () => (output ??= format === undefined ? f.output() : f.outputAs(format.value)),
    status: (text) => f.status(text),
    all(query = fields) {
      const name = endpoint?.name as PaginatedOperation;
      return (async function* () {
        const line = progressLine(f, (await ctx.output()).format !== 'table');
        // One page needs no progress line: it appears from the second page on.
        const onPage: PageProgress | undefined =
          line && ((pages, items) => pages > 1 && line.update(pagesText(pages, items)));
        try {
          yield* paginators[name](await f.client(), query, onPage);
        } finally {
          line?.end();
        }
      })();
    },
    once<T>(key: string, work: () => Promise<T>) {
      if (!memo.has(key)) memo.set(key, work());
      return memo.get(key) as Promise<T>;
    },
    useFormat(value) {
      format = { value };
    },
    keepNames: (source, items) => keepListedNames(f, [source], items),
  };
  return ctx;
}

/** Field errors (ours before sending, or the server's 422) named by the flags the user typed. */
function inFlagTerms(err: unknown, typed: Map<string, string>): unknown {
  const rename = (errors: Record<string, string[]>) =>
    Object.fromEntries(
      Object.entries(errors).map(([field, messages]) => {
        const flag = typed.get(field);
        return flag ? [flag, messages.map((m) => fieldPhrase(m, field))] : [field, messages];
      }),
    );
  if (err instanceof RequestValidationError) return new RequestValidationError(err.message, rename(err.fieldErrors));
  if (err instanceof ApiError && Object.keys(err.fieldErrors).length)
    return new ApiError(err.status, err.message, rename(err.fieldErrors), err.body);
  return err;
}

export interface GroupSpec {
  name: string;
  description: string;
  help?: string;
  commands: Array<CommandDef | GroupDef>;
}

export interface GroupDef {
  readonly group: GroupSpec;
  register(parent: Command, f: Factory): Command;
}

/** A command group (`fp posts`, `fp groups users`): its verbs in help order. */
export function defineGroup(group: GroupSpec): GroupDef {
  return {
    group,
    register(parent, f) {
      const cmd = parent.command(group.name).description(group.description);
      if (group.help) cmd.addHelpText('after', `\n${group.help.trim()}`);
      for (const c of group.commands) c.register(cmd, f);
      return cmd;
    },
  };
}
