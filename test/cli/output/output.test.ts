import { Chalk } from 'chalk';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/errors.js';
import type { OutputFormat } from '../../../src/cli/output/format.js';
import { Output, type Column, type ExportOptions } from '../../../src/cli/output/output.js';
import { fakeIO } from '../../support/fake-io.js';

interface Row {
  id: number;
  title: string;
  created_at: string;
}

const rows: Row[] = [
  { id: 1, title: 'Dark mode for dashboards', created_at: '2026-01-01T10:00:00.000000Z' },
  { id: 2, title: '日本語のタイトルがとても長い投稿です 🚀🚀', created_at: '2025-11-01T10:00:00.000000Z' },
];
const columns: Column<Row>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'TITLE', value: (r) => r.title },
  { header: 'CREATED', field: 'created_at', value: (r) => r.created_at, date: true },
];
const NOW = new Date('2026-01-04T10:00:00Z');

function output(format: OutputFormat, opts: ExportOptions = {}, columnsWide = 100) {
  const io = fakeIO({ columns: columnsWide, tty: format === 'table' });
  return { io, out: new Output(io, format, new Chalk({ level: 0 }), { now: NOW, ...opts }) };
}

describe('Output', () => {
  it('plain rows when piped: a header, tabs, ISO 8601 dates', async () => {
    const { io, out } = output('plain');
    await out.list(rows, columns);
    expect(io.out()).toBe(
      'ID\tTITLE\tCREATED\n1\tDark mode for dashboards\t2026-01-01T10:00:00.000000Z\n2\t日本語のタイトルがとても長い投稿です 🚀🚀\t2025-11-01T10:00:00.000000Z\n',
    );
  });

  it('a table on a terminal shows how old a date is, also beyond a few weeks', async () => {
    const { io, out } = output('table');
    await out.list(rows, columns);
    expect(io.out().split('\n')[1]).toMatch(/ 3 days ago$/);
    expect(io.out().split('\n')[2]).toMatch(/ 2 months ago$/);
  });

  it('a table fits the terminal width, measured in terminal cells (CJK and emoji are two wide) and stays aligned', async () => {
    const { io, out } = output('table', {}, 40);
    await out.list(rows, columns);
    const lines = io.out().trimEnd().split('\n');
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(40);
    // The CREATED column starts at the same cell on every line.
    const starts = lines.map((l) => stringWidth(l.slice(0, l.search(/(CREATED|\d+ (days|months) ago)/))));
    expect(new Set(starts).size).toBe(1);
    expect(lines[2]).toContain('…');
  });

  it('CSV keeps the full text: nothing is cut', async () => {
    const { io, out } = output('csv', {}, 20);
    await out.list(rows, columns);
    expect(io.out().split('\n')[2]).toBe('2,日本語のタイトルがとても長い投稿です 🚀🚀,2025-11-01T10:00:00.000000Z');
  });

  it('--fields picks the fields in JSON and the columns in tables, in the order given', async () => {
    const json = output('json', { fields: ['title', 'id'] });
    await json.out.list(rows, columns);
    expect(JSON.parse(json.io.out())).toEqual([
      { title: 'Dark mode for dashboards', id: 1 },
      { title: '日本語のタイトルがとても長い投稿です 🚀🚀', id: 2 },
    ]);
    const plain = output('plain', { fields: ['created_at', 'id'] });
    await plain.out.list(rows, columns);
    expect(plain.io.out().split('\n')[0]).toBe('CREATED\tID');
  });

  it('--fields with an unknown field is a usage error listing the available ones', async () => {
    const { out } = output('json', { fields: ['id', 'nosuch'] });
    await expect(out.list(rows, columns)).rejects.toThrow(
      new UsageError('unknown field nosuch for --fields; available: created_at, id, title'),
    );
  });

  it('--fields knows the fields of an empty list from the response schema', async () => {
    const { out } = output('json', { fields: ['nosuch'], knownFields: ['id', 'name'] });
    await expect(out.list([], columns)).rejects.toThrow(
      'unknown field nosuch for --fields; available: created_at, id, name, title',
    );
  });

  it('--jq filters the JSON in-process; strings print raw', async () => {
    const { io, out } = output('json', { jq: '.[] | select(.id > 1) | .title' });
    await out.list(rows, columns);
    expect(io.out()).toBe('日本語のタイトルがとても長い投稿です 🚀🚀\n');
  });

  it('--jq applies after --fields, and to a single record', async () => {
    const { io, out } = output('json', { fields: ['id'], jq: 'keys' });
    await out.item(rows[0], columns);
    expect(JSON.parse(io.out())).toEqual(['id']);
  });

  it('an --jq expression that does not compile is a usage error', async () => {
    const { out } = output('json', { jq: '.[' });
    await expect(out.list(rows, columns)).rejects.toThrow(/^invalid --jq expression: syntax error/);
  });

  it('an --jq error says where, and shows the expression with a caret under the place', async () => {
    const { out } = output('json', { jq: '.[] | .title | foo(' });
    await expect(out.list(rows, columns)).rejects.toThrow(
      new UsageError(
        'invalid --jq expression: syntax error, unexpected end of file at column 19\n' +
          '  .[] | .title | foo(\n' +
          '                    ^',
      ),
    );
  });

  it('a field holding a record with a name (an author) shows the name in tables, plain rows and CSV', async () => {
    const authored = [{ id: 1, author: { id: 'u1', name: 'Tom Becker', email: 't@b.test' }, tags: [{ name: 'bug' }] }];
    for (const format of ['table', 'plain', 'csv'] as const) {
      const { io, out } = output(format, { fields: ['id', 'author', 'tags'] });
      await out.list(authored, []);
      expect(io.out(), format).toMatch(/1\W+Tom Becker\W+bug\s*$/m);
      expect(io.out()).not.toContain('{');
    }
    const json = output('json', { fields: ['author'] });
    await json.out.list(authored, []);
    expect(JSON.parse(json.io.out())[0].author.email).toBe('t@b.test');
  });

  it("--fields takes a table's header names too: `key` is the KEY column's field", async () => {
    const keyed: Column<Row>[] = [{ header: 'KEY', field: 'id', value: (r) => r.id }, ...columns.slice(1)];
    const json = output('json', { fields: ['key', 'title'] });
    await json.out.list(rows, keyed);
    expect(JSON.parse(json.io.out())[0]).toEqual({ id: 1, title: 'Dark mode for dashboards' });
    const plain = output('plain', { fields: ['key'] });
    await plain.out.list(rows, keyed);
    expect(plain.io.out().split('\n')[0]).toBe('KEY');
  });
});
