import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IdConflictError, insertIdBytes } from '../../../../../src/cli/commands/kb/sync/insert-id.js';
import { writeBackIds } from '../../../../../src/cli/commands/kb/sync/write-back-ids.js';
import { parseEntries } from '../../../../../src/kb-archive/parse-entries.js';
import type { SyncResult } from '../../../../../src/contract/schemas/knowledgebase.js';

/** A file's text with the id written into it, as the write-back writes it into the file's bytes. */
const insertId = (text: string, id: string | number) => insertIdBytes(Buffer.from(text), id).toString();
/** The line the id is written as (the file's first line after the opening fence). */
const idLine = (id: string | number) => insertId('B', id).split('\n')[1];

describe('writing an id into a file', () => {
  it('adds the id line right after the opening fence and keeps every other byte', () => {
    const text = '---\ntitle: Install   # keep this comment\nsort_order: 2\n---\nBody\n\n  indented\n';
    expect(insertId(text, 'ab3x9')).toBe(
      '---\nid: ab3x9\ntitle: Install   # keep this comment\nsort_order: 2\n---\nBody\n\n  indented\n',
    );
  });

  it('gives a file without front matter a block holding only the id; the parsed body stays the same', () => {
    const text = 'Just a body.\nSecond line.';
    const out = insertId(text, 'ab3x9');
    expect(out).toBe('---\nid: ab3x9\n---\nJust a body.\nSecond line.');
    const [before] = parseEntries([{ path: 'x.md', text }]).articles;
    const [after] = parseEntries([{ path: 'x.md', text: out }]).articles;
    expect(after).toEqual({ ...before, id: 'ab3x9' });
  });

  it('follows CRLF line endings', () => {
    expect(insertId('---\r\ntitle: T\r\n---\r\nB\r\n', 'k1')).toBe('---\r\nid: k1\r\ntitle: T\r\n---\r\nB\r\n');
    expect(insertId('B\r\nC', 'k1')).toBe('---\r\nid: k1\r\n---\r\nB\r\nC');
  });

  it('replaces an emptied id line instead of adding a second one', () => {
    expect(insertId('---\ntitle: T\nid:\nsort_order: 1\n---\nB', 'k1')).toBe(
      '---\ntitle: T\nid: k1\nsort_order: 1\n---\nB',
    );
    expect(insertId('---\nid: null\n---\nB', 7)).toBe('---\nid: 7\n---\nB');
    expect(insertId('---\nid: ~  # new\r\n---\r\nB', 'k1')).toBe('---\nid: k1\r\n---\r\nB');
  });

  it('refuses a file that already has an id', () => {
    expect(() => insertId('---\nid: other\n---\n', 'k1')).toThrow(IdConflictError);
  });

  it('quotes a key YAML would read as something else, in ASCII', () => {
    expect(idLine('12345')).toBe('id: "12345"');
    expect(idLine('true')).toBe('id: "true"');
    expect(idLine('ab3x9')).toBe('id: ab3x9');
    expect(idLine('é1')).toBe('id: "\\u00e91"');
    expect(idLine(51)).toBe('id: 51');
  });

  it('keeps a byte order mark first and bytes that are not UTF-8 as they were', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('---\ntitle: T\n---\n'),
      Buffer.from([0xff, 0xfe, 0x41]),
    ]);
    const out = insertIdBytes(bytes, 'k1');
    expect(out).toEqual(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('---\nid: k1\ntitle: T\n---\n'),
        Buffer.from([0xff, 0xfe, 0x41]),
      ]),
    );
    expect(insertIdBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x42]), 'k1')).toEqual(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\nid: k1\n---\nB')]),
    );
  });
});

describe('writeBackIds', () => {
  const temps: string[] = [];
  afterEach(() => {
    for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'fp-kb-writeback-'));
    temps.push(d);
    return d;
  };
  const result = (
    sections: Array<{ id: number; path: string }>,
    articles: Array<{ id: string; path: string }>,
  ): SyncResult => ({
    applied: {
      tab: { changes: [] },
      sections: { create: sections.map((s) => ({ ...s, title: 'S' })), update: [], delete: [] },
      articles: { create: articles.map((a) => ({ ...a, title: 'A', database_id: 1 })), update: [], delete: [] },
    },
    skipped: { sections: [], articles: [] },
    summary: { created: sections.length + articles.length, updated: 0, deleted: 0, skipped: 0 },
  });

  it('writes each id into the file that created it, keeps its mode, and leaves no temp file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'guide'));
    writeFileSync(join(dir, 'guide', 'a.md'), '---\ntitle: A\n---\nBody');
    chmodSync(join(dir, 'guide', 'a.md'), 0o640);
    const report = await writeBackIds(dir, result([{ id: 51, path: 'guide' }], [{ id: 'ab3x9', path: 'guide/a.md' }]));
    expect(report.failed).toEqual([]);
    expect(report.written.map((w) => [w.path, w.id])).toEqual([
      ['guide/_index.md', 51],
      ['guide/a.md', 'ab3x9'],
    ]);
    expect(readFileSync(join(dir, 'guide', 'a.md'), 'utf8')).toBe('---\nid: ab3x9\ntitle: A\n---\nBody');
    expect(readFileSync(join(dir, 'guide', '_index.md'), 'utf8')).toBe('---\nid: 51\n---\n');
    expect(statSync(join(dir, 'guide', 'a.md')).mode & 0o777).toBe(0o640);
    expect(readdirSync(join(dir, 'guide')).sort()).toEqual(['_index.md', 'a.md']);
  });

  it('does not write through a symbolic link, nor outside the folder, and reports each file it could not write', async () => {
    const dir = tempDir();
    const outside = tempDir();
    writeFileSync(join(outside, 'target.md'), 'Outside.');
    symlinkSync(join(outside, 'target.md'), join(dir, 'link.md'));
    symlinkSync(outside, join(dir, 'linked'));
    const report = await writeBackIds(
      dir,
      result(
        [],
        [
          { id: 'k1', path: 'link.md' },
          { id: 'k2', path: 'linked/target.md' },
          { id: 'k3', path: '../escape.md' },
          { id: 'k4', path: 'gone.md' },
        ],
      ),
    );
    expect(report.written).toEqual([]);
    expect(report.failed).toEqual([
      { path: 'link.md', id: 'k1', reason: 'it is not a regular file' },
      { path: 'linked/target.md', id: 'k2', reason: 'linked is not a folder' },
      { path: '../escape.md', id: 'k3', reason: 'path must not contain ".."' },
      { path: 'gone.md', id: 'k4', reason: 'the file is gone' },
    ]);
    expect(readFileSync(join(outside, 'target.md'), 'utf8')).toBe('Outside.');
  });
});
