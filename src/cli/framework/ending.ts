import type { Factory } from '../factory.js';
import type { Column, Output } from '../output/output.js';
import { terminalLines } from '../output/terminal-text.js';

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
      /** A change that returns no record: people get this line on stderr… */
      done: string;
      /** …programs (--json, --jq) get this data. */
      data?: unknown;
    };

/** The one ending of every command. */
export async function renderEnding(
  out: Output,
  f: Factory,
  ending: Ending,
  columns: Column<unknown>[] | undefined,
  knownFields: { list?: readonly string[]; item?: readonly string[] },
): Promise<void> {
  if ('list' in ending) {
    out.knownFields(knownFields.list);
    const shown = await out.list(ending.list, (ending.columns as Column<unknown>[] | undefined) ?? columns ?? [], {
      empty: ending.empty,
    });
    if (shown === 0 && ending.hint) f.status(ending.hint);
    const footer = out.format === 'table' && shown > 0 ? ending.footer?.(shown) : undefined;
    if (footer) f.status(footer);
    if (ending.note && shown > 0) f.status(ending.note);
    return;
  }
  if ('item' in ending) {
    out.knownFields(knownFields.item);
    await out.item(ending.item, (ending.columns as Column<unknown>[] | undefined) ?? columns ?? []);
    return;
  }
  if ('text' in ending) {
    if (out.machine) await out.item(ending.data, []);
    else f.io.stdout.write(terminalLines(ending.text));
    return;
  }
  if (out.machine && out.format !== 'csv' && ending.data !== undefined) await out.item(ending.data, []);
  else f.status(ending.done);
}
