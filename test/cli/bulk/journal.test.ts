import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJournal, readJournal } from '../../../src/cli/bulk/journal.js';

const PORTAL = 'http://127.0.0.1:8080';
const file = () => join(mkdtempSync(join(tmpdir(), 'fp-journal-')), 'j.ndjson');
const entry = (key: string) => ({
  key,
  op: 'update',
  outcome: 'changed',
  before: { status_id: 1 },
  after: { status_id: 2 },
  at: 't',
});

describe('the journal file (D-BULK-JOURNAL)', () => {
  it('a run appends its header, then a whole line per item; a second run appends after the first', () => {
    const path = file();
    const first = openJournal(path, { portal: PORTAL, command: 'posts update', started_at: 't' });
    first.write(entry('a'));
    first.close();
    const second = openJournal(path, { portal: PORTAL, command: 'posts delete', started_at: 't' });
    second.write(entry('b'));
    second.close();
    expect(readFileSync(path, 'utf8').endsWith('}\n')).toBe(true);
    const runs = readJournal(path, PORTAL);
    expect(runs.map((r) => [r.header.command, r.entries.map((e) => e.key)])).toEqual([
      ['posts update', ['a']],
      ['posts delete', ['b']],
    ]);
  });

  it('a run refuses to append to a journal of another portal or one whose last line is cut short', () => {
    const path = file();
    writeFileSync(path, `${JSON.stringify({ fp_journal: 1, portal: PORTAL, command: 'x', started_at: 't' })}\n{"key":`);
    expect(() => openJournal(path, { portal: PORTAL, command: 'x', started_at: 't' })).toThrow(
      'its last line is cut short (a run stopped while writing it); give another file; nothing was changed',
    );
    const other = file();
    openJournal(other, { portal: 'https://other.test', command: 'x', started_at: 't' }).close();
    expect(() => openJournal(other, { portal: PORTAL, command: 'x', started_at: 't' })).toThrow(
      'it was written for the portal at https://other.test',
    );
  });

  it('an empty file and an entry without a key are refused', () => {
    const path = file();
    writeFileSync(path, '');
    expect(() => readJournal(path, PORTAL)).toThrow('it is empty');
    writeFileSync(path, `${JSON.stringify({ fp_journal: 1, portal: PORTAL })}\n{"op":"update"}\n`);
    expect(() => readJournal(path, PORTAL)).toThrow('line 2 is neither a run');
  });
});
