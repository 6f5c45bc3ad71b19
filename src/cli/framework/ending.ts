import type { Factory } from '../factory.js';
import type { Column, Output } from '../output/output.js';
import type { Page } from '../output/page.js';
import { choosePager, fillsScreen, type Pager } from '../output/choose-pager.js';

/**
 * What a command's run gives back; the framework writes it in the format asked for. A command's
 * columns are typed for its own rows (`Column<Post>`), which the framework pairs with the rows
 * the same command returned.
 */
export type Ending =
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
    };

/**
 * The one ending of every command: the data, through the pager when it is a long report for
 * people on a terminal (D-PAGER), then the status lines, which follow what they speak of.
 */
export async function renderEnding(
  out: Output,
  f: Factory,
  ending: Ending,
  columns: Column<unknown>[] | undefined,
  knownFields: { list?: readonly string[]; item?: readonly string[] },
): Promise<void> {
  const pager = choosePager(f.io, { format: out.format, fields: out.projected });
  if (pager) out.hold();
  const said = await writeData(out, ending, columns, knownFields);
  if (pager) await showPaged(f, out.release(), pager);
  for (const line of said) f.status(line);
}

/** Writes the ending's data; resolves to the status lines to say after it. */
async function writeData(
  out: Output,
  ending: Ending,
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
