import type { ChalkInstance } from 'chalk';
import type { IO } from '../io.js';
import { cellText, csvField, plainField, truncate } from './cells.js';
import type { OutputFormat } from './format.js';

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /** Colour or decorate the cell text in tables. */
  style?: (text: string, row: T, c: ChalkInstance) => string;
  /** Longest cell text in a table before it is cut. */
  max?: number;
}

type Rows<T> = Iterable<T> | AsyncIterable<T>;

/** Writes data to stdout in the chosen format; status goes elsewhere. */
export class Output {
  constructor(
    private readonly io: IO,
    readonly format: OutputFormat,
    readonly chalk: ChalkInstance,
  ) {}

  /** A list: JSON gets each item's raw data (streamed as one array), people get a table. */
  async list<T>(rows: Rows<T>, columns: Column<T>[], opts: { empty?: string } = {}): Promise<number> {
    const out = this.io.stdout;
    let count = 0;
    switch (this.format) {
      case 'json': {
        out.write('[');
        for await (const row of rows) out.write(`${count++ ? ',' : ''}\n  ${JSON.stringify(row)}`);
        out.write(count ? '\n]\n' : ']\n');
        return count;
      }
      case 'ndjson':
        for await (const row of rows) {
          out.write(`${JSON.stringify(row)}\n`);
          count++;
        }
        return count;
      case 'csv':
        out.write(`${columns.map((c) => csvField(c.header)).join(',')}\n`);
        for await (const row of rows) {
          out.write(`${columns.map((c) => csvField(cellText(c.value(row)))).join(',')}\n`);
          count++;
        }
        return count;
      case 'plain':
        out.write(`${columns.map((c) => c.header).join('\t')}\n`);
        for await (const row of rows) {
          out.write(`${columns.map((c) => plainField(cellText(c.value(row)))).join('\t')}\n`);
          count++;
        }
        return count;
      case 'table': {
        const all: T[] = [];
        for await (const row of rows) all.push(row);
        if (all.length === 0) {
          this.io.stderr.write(`${opts.empty ?? 'No results.'}\n`);
          return 0;
        }
        out.write(`${await this.table(all, columns)}\n`);
        return all.length;
      }
    }
  }

  /** One record: JSON as is, a two-column table for people. */
  async item<T>(item: T, fields: Column<T>[]): Promise<void> {
    if (this.format === 'json' || this.format === 'ndjson') {
      this.io.stdout.write(`${JSON.stringify(item, null, this.format === 'json' ? 2 : undefined)}\n`);
      return;
    }
    if (this.format === 'csv' || this.format === 'plain') {
      await this.list([item], fields);
      return;
    }
    const { default: Table } = await import('cli-table3');
    const table = new Table({ style: { head: [], border: [] } });
    for (const f of fields) {
      const text = truncate(cellText(f.value(item)), f.max ?? 200);
      table.push({ [this.chalk.bold(f.header)]: f.style ? f.style(text, item, this.chalk) : text });
    }
    this.io.stdout.write(`${table.toString()}\n`);
  }

  /** Raw JSON for commands whose answer is not a list or record of data. */
  json(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** A line of text on stdout in human formats (ignored for machine formats). */
  line(text: string): void {
    if (this.format === 'table') this.io.stdout.write(`${text}\n`);
  }

  private async table<T>(rows: T[], columns: Column<T>[]): Promise<string> {
    const { default: Table } = await import('cli-table3');
    const table = new Table({
      head: columns.map((c) => this.chalk.bold(c.header)),
      style: { head: [], border: [] },
      chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    });
    for (const row of rows) {
      table.push(
        columns.map((c) => {
          const text = truncate(cellText(c.value(row)), c.max ?? 60);
          return c.style ? c.style(text, row, this.chalk) : text;
        }),
      );
    }
    return table.toString();
  }
}
