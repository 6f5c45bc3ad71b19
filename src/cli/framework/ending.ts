import type { ChalkInstance } from 'chalk';
import { confirmDestructive } from '../confirm.js';
import { EXIT, SilentExit } from '../errors.js';
import type { Factory } from '../factory.js';
import type { Column, Output } from '../output/output.js';
import type { Page } from '../output/page.js';
import { choosePager, fillsScreen, type Pager } from '../output/choose-pager.js';
import { writeStream, type Chunk } from './write-stream.js';

export type { Chunk } from './write-stream.js';

/** Text a verb made for people, given the colours of a table (undefined in every other format). */
type Rendered = (colour: ChalkInstance | undefined) => string;

/** The two channels of an interactive session: what it prints (stdout) and what it says to the person (stderr). */
export interface Talk {
  /** Written to stdout as is (the verb made it safe for a terminal). */
  print(text: string): void;
  /** Written to stderr as is: the conversation, the prompts' company. */
  say(text: string): void;
}

/** How a plan is applied (`fp kb sync execute`): shown, then asked about, then carried out. */
interface Apply {
  /** Said on stderr after the plan, before asking (`warning: …`). */
  warnings?: string[];
  /** The question asked on a terminal (refused without one unless `yes`); undefined when there is nothing to ask. */
  confirm?: string;
  yes?: boolean;
  /** Said on stderr when the person answers no (then exit 2). */
  declined: string;
  /** Carries the plan out; its ending is shown after the plan. */
  run(): Promise<Ending>;
}

/**
 * What a command's run gives back; the framework writes it in the format asked for. A command's
 * columns are typed for its own rows (`Column<Post>`), which the framework pairs with the rows
 * the same command returned.
 */
export type Ending = Shown & {
  /**
   * What the verb still does once its ending is shown: status lines that follow it, files
   * written because of it, an exit status (thrown, e.g. `SilentExit`).
   */
  after?: () => void | Promise<void>;
};

type Shown =
  | {
      /** Rows of a list (streamed when they come as an async iterable). */
      list: Iterable<unknown> | AsyncIterable<unknown>;
      columns?: Column<never>[];
      /** Said on stderr for an empty table. */
      empty?: string;
      /** Said on stderr when the list is empty, in every format (what the emptiness may mean). */
      hint?: string;
      /** A hint on stderr under a table, e.g. how to see the next page. */
      footer?: (shown: number) => string | undefined;
      /** A line on stderr after the rows in every format (e.g. that there are more). */
      note?: string;
    }
  | { item: unknown; columns?: Column<never>[] }
  | {
      /** A report for people, written to stdout as is… */
      text: string;
      /** …programs get this data instead. */
      data: unknown;
    }
  | {
      /** A page for people (bold, wrapped to the terminal), made only when people read it… */
      page: () => Page | Promise<Page>;
      /** …programs get this data instead. */
      data: unknown;
    }
  | {
      /** A change that returns no record: people get this line on stderr… */
      done: string;
      /** …programs (--json, --jq) get this data. */
      data?: unknown;
    }
  | {
      /**
       * Output that must reach stdout exactly as made (a ZIP, a completion script, an API answer's
       * body, a server's address lines): written in order as it comes, waiting for a pipe to drain.
       * No format, pager or `--fields` applies; a `{ json }` chunk is a JSON value written through
       * `--jq` like any command's data.
       */
      stream: Iterable<Chunk> | AsyncIterable<Chunk>;
    }
  | {
      /** A report for people (a sync's result), on stdout as made, coloured in a table… */
      report: Rendered;
      /** …JSON and NDJSON get this data instead (through `--jq`). */
      data: unknown;
    }
  | {
      /** What a change would do, for people, as `report` is shown… */
      plan: Rendered;
      /** …JSON and NDJSON get this data instead, when the plan is only shown. */
      data: unknown;
      /**
       * Apply it: the plan is shown first (on stderr for JSON and NDJSON, whose stdout is the
       * result's), then the warnings, the question, and the ending of `run`.
       */
      apply?: Apply;
    }
  | {
      /** An interactive session on the terminal: asks, says and prints through `talk` until done. */
      session: (talk: Talk) => Promise<void>;
    };

/**
 * The one ending of every command: the data, through the pager when it is a long report for
 * people on a terminal (D-PAGER), then the status lines, which follow what they speak of, then
 * what the verb does after it. The output is made only for endings that use it (a stream or a
 * session does not), so a verb that streams bytes does not check the output flags.
 */
export async function renderEnding(
  output: Output | (() => Promise<Output>),
  f: Factory,
  ending: Ending,
  columns: Column<unknown>[] | undefined,
  knownFields: { list?: readonly string[]; item?: readonly string[] },
): Promise<void> {
  const out = typeof output === 'function' ? output : () => Promise.resolve(output);
  if ('stream' in ending) await writeStream(f.io, ending.stream, async (value) => (await out()).json(value));
  else if ('session' in ending) await ending.session(talkOn(f));
  else if ('plan' in ending && ending.apply) await applyPlan(await out(), f, ending as Planned, columns, knownFields);
  else if ('plan' in ending || 'report' in ending) await writeReport(await out(), f, ending);
  else await writePaged(await out(), f, ending, columns, knownFields);
  await ending.after?.();
}

type Planned = Extract<Shown, { plan: Rendered }> & { apply: Apply };
type Reported = Extract<Shown, { report: Rendered } | { plan: Rendered }>;
type Paged = Exclude<Shown, { stream: unknown } | { session: unknown } | Reported>;

/** The endings that go through `Output` and, on a terminal, the pager. */
async function writePaged(
  out: Output,
  f: Factory,
  ending: Paged,
  columns: Column<unknown>[] | undefined,
  knownFields: { list?: readonly string[]; item?: readonly string[] },
): Promise<void> {
  const pager = choosePager(f.io, { format: out.format, fields: out.projected });
  if (pager) out.hold();
  const said = await writeData(out, ending, columns, knownFields);
  if (pager) await showPaged(f, out.release(), pager);
  for (const line of said) f.status(line);
}

const isJson = (out: Output) => out.format === 'json' || out.format === 'ndjson';
const colourOf = (out: Output) => (out.format === 'table' ? out.chalk : undefined);

/** A report or a plan that is only shown: JSON for JSON and NDJSON, else the text as made (not paged). */
async function writeReport(out: Output, f: Factory, ending: Reported): Promise<void> {
  if (isJson(out)) return out.json(ending.data);
  const text = ('plan' in ending ? ending.plan : ending.report)(colourOf(out));
  if (text !== '') f.io.stdout.write(text);
}

/** The plan, the warnings and the question; a "no" cancels (exit 2, D-DECLINED-EXIT); else the applied ending. */
async function applyPlan(
  out: Output,
  f: Factory,
  { plan, apply }: Planned,
  columns: Column<unknown>[] | undefined,
  knownFields: { list?: readonly string[]; item?: readonly string[] },
): Promise<void> {
  // JSON output keeps stdout for the result alone.
  (isJson(out) ? f.io.stderr : f.io.stdout).write(plan(colourOf(out)));
  for (const warning of apply.warnings ?? []) f.status(warning);
  if (apply.confirm !== undefined && !(await confirmDestructive(f.io, apply.confirm, apply.yes))) {
    f.status(apply.declined);
    throw new SilentExit(EXIT.usage);
  }
  await renderEnding(out, f, await apply.run(), columns, knownFields);
}

function talkOn(f: Factory): Talk {
  return { print: (text) => f.io.stdout.write(text), say: (text) => f.io.stderr.write(text) };
}

/** Writes the ending's data; resolves to the status lines to say after it. */
async function writeData(
  out: Output,
  ending: Paged,
  columns: Column<unknown>[] | undefined,
  knownFields: { list?: readonly string[]; item?: readonly string[] },
): Promise<string[]> {
  if ('list' in ending) {
    out.knownFields(knownFields.list);
    const shown = await out.list(ending.list, (ending.columns as Column<unknown>[] | undefined) ?? columns ?? [], {
      empty: ending.empty,
    });
    const footer = out.format === 'table' && shown > 0 ? ending.footer?.(shown) : undefined;
    return [shown === 0 && ending.hint, footer, shown > 0 && ending.note].filter((l): l is string => Boolean(l));
  }
  if ('item' in ending) {
    out.knownFields(knownFields.item);
    await out.item(ending.item, (ending.columns as Column<unknown>[] | undefined) ?? columns ?? []);
    return [];
  }
  if ('text' in ending) {
    if (out.machine) await out.item(ending.data, []);
    else out.report(ending.text);
    return [];
  }
  if ('page' in ending) {
    if (out.machine) await out.item(ending.data, []);
    else await out.page(await ending.page());
    return [];
  }
  if (out.machine && out.format !== 'csv' && ending.data !== undefined) {
    await out.item(ending.data, []);
    return [];
  }
  return [ending.done];
}

/** Held text: written directly when it fits the screen or the pager cannot start, else paged. */
async function showPaged(f: Factory, text: string, pager: Pager): Promise<void> {
  if (text === '') return;
  const { default: stringWidth } = await import('string-width');
  if (fillsScreen(text, f.io, stringWidth)) {
    const { runPager } = await import('../output/run-pager.js');
    if (await runPager(f.io, text, pager.command)) return;
    f.status(`could not start the pager "${pager.command}" (${pager.source}); shown without it`);
  }
  f.io.stdout.write(text);
}
