import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, type JournalBase } from '../../../src/cli/snapshot/journal.js';

interface State extends JournalBase {
  cursor: number;
}

async function records(journal: Journal<State>, part: string, from = 0): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const { record } of journal.read(part, from)) out.push(record);
  return out;
}

describe('Journal', () => {
  it('D-SNAPSHOT-PARTIAL reopened, it keeps exactly what the last checkpoint holds: later records are dropped, to be written again', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'fp-journal-')), 'out.json.partial');
    const journal = Journal.create<State>(dir, { complete: false, parts: {}, cursor: 0 });
    journal.append('a.ndjson', { n: 1 });
    journal.append('a.ndjson', { n: 'ünïcode' });
    journal.state.cursor = 2;
    journal.commit();
    journal.append('a.ndjson', { n: 3 });
    journal.append('b.ndjson', { never: 'committed' });
    journal.state.cursor = 4;
    journal.close();

    const again = Journal.open<State>(dir);
    expect(again.state.cursor).toBe(2);
    expect(await records(again, 'a.ndjson')).toEqual([{ n: 1 }, { n: 'ünïcode' }]);
    again.append('b.ndjson', { b: 1 });
    expect(await records(again, 'b.ndjson')).toEqual([{ b: 1 }]);
    again.append('a.ndjson', { n: 3 });
    expect(await records(again, 'a.ndjson')).toEqual([{ n: 1 }, { n: 'ünïcode' }, { n: 3 }]);
    again.remove();
  });

  it('read from an offset goes on after the record that ended there', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'fp-journal-')), 'p');
    const journal = Journal.create<State>(dir, { complete: false, parts: {}, cursor: 0 });
    for (const n of [1, 2, 3]) journal.append('x.ndjson', { n });
    const ends: number[] = [];
    for await (const { end } of journal.read('x.ndjson')) ends.push(end);
    expect(await records(journal, 'x.ndjson', ends[0])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await records(journal, 'x.ndjson', ends[2])).toEqual([]);
    journal.remove();
  });

  it('D-SNAPSHOT-PARTIAL the checkpoint says it is incomplete and is replaced whole', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'fp-journal-')), 'p');
    const journal = Journal.create<State>(dir, { complete: false, parts: {}, cursor: 0 });
    journal.append('x.ndjson', { n: 1 });
    journal.commit();
    writeFileSync(join(dir, 'progress.json.tmp'), 'half a write');
    journal.commit();
    expect(JSON.parse(readFileSync(join(dir, 'progress.json'), 'utf8'))).toEqual({
      complete: false,
      parts: { 'x.ndjson': 8 },
      cursor: 0,
    });
    journal.remove();
  });
});
