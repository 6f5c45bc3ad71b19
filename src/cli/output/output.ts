import type { ChalkInstance } from 'chalk';
import { UsageError } from '../errors.js';
import type { IO } from '../io.js';
import { cellText, csvField, oneLine, plainField, relativeDate } from './cells.js';
import type { OutputFormat } from './format.js';
import type { Page } from './page.js';
import { runJq } from './jq.js';
import { terminalJson, terminalLines } from './terminal-text.js';

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /** Colour or decorate the cell text in tables (after it is cut to fit). */
  style?: (text: string, row: T, c: ChalkInstance) => string;
  /** Longest cell text in a table before it is cut. */
  max?: number;
  /** The data field `--fields` selects this column by (default: the header in lower case, spaces as `_`). */
  field?: string;
  /** The value is an ISO 8601 time: "3 days ago" in a table, as is in every other format. */
  date?: boolean;
  /** A `■` in this colour before the cell text of tables (counted in the column's width). */
  swatch?: (row: T) => string;
}

const SWATCH = '■ ';

export interface ExportOptions {
  /** `--fields a,b,c`: keep only these fields. */
  fields?: string[];
  /** `--jq EXPR`: filter the JSON with jq. */
  jq?: string;
  /** Fields the data has even when a list comes back empty (from the endpoint's response schema). */
  knownFields?: readonly string[];
  now?: Date;
}

type Rows<T> = Iterable<T> | AsyncIterable<T>;

const columnField = (c: Column<unknown>): string => c.field ?? c.header.toLowerCase().replace(/[\s/]+/g, '_');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The one exporter: writes data to stdout as table, plain rows (TSV), CSV, JSON or NDJSON,
 * after `--fields` and `--jq`. Status goes elsewhere. Every cell of the formats for people and
 * spreadsheets passes through cellText (terminal-text.ts); JSON and NDJSON stay exact.
 */
export class Output {
  constructor(
    private readonly io: IO,
    readonly format: OutputFormat,
    private readonly colours: ChalkInstance | undefined,
    private readonly options: ExportOptions = {},
  ) {}

  /** What was written while held for the pager; undefined when written straight to stdout. */
  private held: string[] | undefined;

  /** Colours of the table format (the only one that has them). */
  get chalk(): ChalkInstance {
    if (!this.colours) throw new Error(`${this.format} output has no colours`);
    return this.colours;
  }

  /** `--jq` was given: the data goes through it. */
  get filtered(): boolean {
    return this.options.jq !== undefined;
  }

  /** The fields the data has even when a list comes back empty (for --fields). */
  knownFields(fields: readonly string[] | undefined): void {
    this.options.knownFields = fields;
  }

  /** `--fields` was given: a script chose the columns. */
  get projected(): boolean {
    return this.options.fields !== undefined;
  }

  /** Keep back what is written until `release`, which gives it for the pager (D-PAGER). */
  hold(): void {
    this.held = [];
  }

  /** Everything written since `hold`; later writes go to stdout again. */
  release(): string {
    const text = (this.held ?? []).join('');
    this.held = undefined;
    return text;
  }

  /** True when the data is written for a program (JSON, NDJSON, CSV), not read by a person. */
  get machine(): boolean {
    return this.format === 'json' || this.format === 'ndjson' || this.format === 'csv' || this.options.jq !== undefined;
  }

  /** A list: JSON gets each item's data (streamed), people get a table. Resolves to the number of rows. */
  async list<T>(rows: Rows<T>, columns: Column<T>[], opts: { empty?: string } = {}): Promise<number> {
    const iterator = toAsyncIterator(rows);
    const first = await iterator.next();
    const cols = this.columnsFor(columns as Column<unknown>[], first.done ? undefined : first.value) as Column<T>[];
    const all = async function* () {
      if (!first.done) yield first.value;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value;
    };
    let count = 0;
    if (this.options.jq !== undefined) {
      const data: unknown[] = [];
      for await (const row of all()) data.push(this.project(row));
      await this.writeJq(data);
      return data.length;
    }
    switch (this.format) {
      case 'json': {
        this.write('[');
        for await (const row of all()) this.write(`${count++ ? ',' : ''}\n  ${JSON.stringify(this.project(row))}`);
        this.write(count ? '\n]\n' : ']\n');
        return count;
      }
      case 'ndjson':
        for await (const row of all()) {
          this.write(`${JSON.stringify(this.project(row))}\n`);
          count++;
        }
        return count;
      case 'csv':
        this.write(`${cols.map((c) => csvField(c.header)).join(',')}\n`);
        for await (const row of all()) {
          this.write(`${cols.map((c) => csvField(cellText(c.value(row)))).join(',')}\n`);
          count++;
        }
        return count;
      case 'plain':
        this.write(`${cols.map((c) => c.header).join('\t')}\n`);
        for await (const row of all()) {
          this.write(`${cols.map((c) => plainField(cellText(c.value(row)))).join('\t')}\n`);
          count++;
        }
        return count;
      case 'table': {
        const items: T[] = [];
        for await (const row of all()) items.push(row);
        if (items.length === 0) {
          // It may name what the portal calls things (`Tom Becker is in no group.`).
          this.io.stderr.write(`${terminalLines(opts.empty ?? 'No results.')}\n`);
          return 0;
        }
        this.write(`${await this.table(items, cols)}\n`);
        return items.length;
      }
    }
  }

  /** One record: JSON as is, `LABEL  value` lines for people, one row in plain and CSV. */
  async item<T>(item: T, fields: Column<T>[]): Promise<void> {
    const cols = this.columnsFor(fields as Column<unknown>[], item) as Column<T>[];
    if (this.options.jq !== undefined) return this.writeJq(this.project(item));
    if (this.format === 'json' || this.format === 'ndjson') {
      this.write(`${JSON.stringify(this.project(item), null, this.format === 'json' ? 2 : undefined)}\n`);
      return;
    }
    if (this.format === 'csv' || this.format === 'plain') {
      await this.list([item], cols);
      return;
    }
    const pairs = cols.map((c): [string, string] => {
      const text = this.cell(c, item, true);
      return [c.header, this.styled(c, text, item)];
    });
    const { renderRecord } = await import('./table.js');
    this.write(`${renderRecord(pairs, this.io.columns, (t) => this.chalk.bold(t))}\n`);
  }

  /** Raw JSON for commands whose answer is not a list or record of data. */
  async json(value: unknown): Promise<void> {
    if (this.options.jq !== undefined) return this.writeJq(value);
    this.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /**
   * `--fields` over a whole API answer (`fp api`): each record of its `data` (a list, one record,
   * or a record of lists such as the moderation queues' posts and comments) keeps those fields;
   * an answer without `data` is itself the record or list. The rest of the answer stays.
   */
  projectAnswer(body: unknown): unknown {
    if (!this.options.fields) return body;
    const wrapped = isRecord(body) && 'data' in body;
    const data = wrapped ? body.data : body;
    const lists = isRecord(data) && Object.values(data).every(Array.isArray);
    const each = (list: unknown[]) => list.map((r) => this.project(r));
    const records: unknown[] = Array.isArray(data)
      ? data
      : lists
        ? Object.values(data as Record<string, unknown[]>).flat()
        : [data];
    const available = new Set(records.filter(isRecord).flatMap((r) => Object.keys(r)));
    if (records.some(isRecord)) this.checkFields(available);
    let projected: unknown;
    if (Array.isArray(data)) projected = each(data);
    else if (lists) projected = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, each(v as unknown[])]));
    else projected = this.project(data);
    return wrapped ? { ...body, data: projected } : projected;
  }

  /** A line of text on stdout in human formats (ignored for machine formats). */
  line(text: string): void {
    if (this.format === 'table') this.write(`${terminalLines(text)}\n`);
  }

  /** A report for people, as is but for control characters, which are shown, not obeyed. */
  report(text: string): void {
    this.write(terminalLines(text));
  }

  /** A page for people (a post and its comments): each text passes the terminal-text rule, bold on a colour terminal, wrapped to the width. */
  async page(page: Page): Promise<void> {
    const [{ renderPage }, { default: wrapAnsi }, { default: stringWidth }] = await Promise.all([
      import('./page.js'),
      import('wrap-ansi'),
      import('string-width'),
    ]);
    const bold = this.colours ? (t: string) => this.chalk.bold(t) : (t: string) => t;
    this.write(renderPage(page, { width: this.io.columns, bold, wrapAnsi, stringWidth }));
  }

  private write(text: string): void {
    // JSON for a terminal: DEL and C1, which JSON leaves raw, as escapes (the same JSON).
    if (this.io.stdoutIsTTY && (this.format === 'json' || this.format === 'ndjson')) text = terminalJson(text);
    if (this.held) this.held.push(text);
    else this.io.stdout.write(text);
  }

  /** `--jq` over the data; strings print raw, as `jq -r` does: exact when piped, shown but not obeyed on a terminal. */
  private async writeJq(data: unknown): Promise<void> {
    const text = await runJq(data, this.options.jq as string);
    this.write(this.io.stdoutIsTTY ? terminalLines(text) : text);
  }

  /** A table cell's colours: the column's style, then the swatch's colour. */
  private styled<T>(c: Column<T>, text: string, row: T): string {
    if (c.swatch && text.startsWith(SWATCH)) {
      const rest = text.slice(SWATCH.length);
      const colour = c.swatch(row);
      const mark = /^#(?:[0-9a-f]{3}){1,2}$/i.test(colour) ? this.chalk.hex(colour)(SWATCH.trim()) : SWATCH.trim();
      return `${mark} ${c.style ? c.style(rest, row, this.chalk) : rest}`;
    }
    return c.style ? c.style(text, row, this.chalk) : text;
  }

  private cell<T>(c: Column<T>, row: T, table = false): string {
    const value = c.value(row);
    // A date that does not parse is shown as sent: it goes through cellText like any other text.
    const text = oneLine(cellText(c.date && typeof value === 'string' ? relativeDate(value, this.options.now) : value));
    return table && c.swatch ? SWATCH + text : text;
  }

  private async table<T>(rows: T[], columns: Column<T>[]): Promise<string> {
    // The width and wrapping modules are loaded only for tables: machine formats skip their start-up cost.
    const { renderTable } = await import('./table.js');
    const cells = rows.map((row) => columns.map((c) => this.cell(c, row, true)));
    return renderTable({
      headers: columns.map((c) => c.header),
      rows: cells,
      fixed: columns.map((c, i) => c.date === true || cells.every((r) => /^-?[\d.]*$/.test(r[i]))),
      width: this.io.columns,
      maxWidths: columns.map((c) => c.max),
      styleHeader: (t) => this.chalk.bold(t),
      styleCell: (text, r, c) => this.styled(columns[c], text, rows[r]),
    });
  }

  /** The data of one row after `--fields`. */
  private project(row: unknown): unknown {
    const fields = this.options.fields;
    if (!fields || !isRecord(row)) return row;
    return Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
  }

  /** Every field `--fields` names must be one of these. */
  private checkFields(available: Set<string>): void {
    const unknown = (this.options.fields ?? []).filter((f) => !available.has(f));
    if (unknown.length === 0) return;
    throw new UsageError(
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} for --fields; available: ${[...available].sort().join(', ')}`,
    );
  }

  /** The columns `--fields` asks for (a field without a column of its own shows its value), checked against the data. */
  private columnsFor(columns: Column<unknown>[], sample: unknown): Column<unknown>[] {
    const fields = this.options.fields;
    if (!fields) return columns;
    const available = new Set<string>(this.options.knownFields ?? []);
    if (isRecord(sample)) for (const k of Object.keys(sample)) available.add(k);
    for (const c of columns) available.add(columnField(c));
    // A table's header names its column too: `--fields key` is the KEY column's `id`.
    const byHeader = new Map(columns.map((c) => [c.header.toLowerCase().replace(/[\s/]+/g, '_'), columnField(c)]));
    this.options.fields = fields.map((f) => (available.has(f) ? f : (byHeader.get(f) ?? f)));
    if (isRecord(sample) || this.options.knownFields) this.checkFields(available);
    return this.options.fields.map(
      (f) =>
        columns.find((c) => columnField(c) === f) ?? {
          header: f.toUpperCase(),
          value: (row: unknown) => (isRecord(row) ? row[f] : undefined),
          date: /_at$/.test(f),
        },
    );
  }
}

function toAsyncIterator<T>(rows: Rows<T>): AsyncIterator<T> {
  if (Symbol.asyncIterator in rows) return (rows as AsyncIterable<T>)[Symbol.asyncIterator]();
  const it = (rows as Iterable<T>)[Symbol.iterator]();
  return { next: async () => it.next() };
}
