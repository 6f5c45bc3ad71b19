import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/store/database.js';
import { loadSeed } from '../../../src/server/store/load-seed.js';
import { Store } from '../../../src/server/store/store.js';
import { fixtureSeed } from '../../support/fixture-seed.js';

const NOW = new Date('2026-06-01T00:00:00Z');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-riders-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A store on a data file with a table of its own to write notes in. */
function open(file = join(dir, 'data.db')): Store {
  const db = openDatabase(file);
  if (Store.isEmpty(db)) Store.seed(db, loadSeed(fixtureSeed(), NOW));
  const store = new Store(db);
  store.sql.exec('CREATE TABLE IF NOT EXISTS notes (text TEXT NOT NULL)');
  return store;
}

const note = (store: Store, text: string) => () => void store.sql.run('INSERT INTO notes (text) VALUES (?)', [text]);
const notes = (store: Store) => store.sql.all<{ text: string }>('SELECT text FROM notes').map((r) => r.text);

describe('Store.whenCommitting (writes that ride along with the next commit)', () => {
  it('runs in the next batch of writes, before it commits and before the commit listeners look', async () => {
    const store = open();
    const seenAtCommit: string[][] = [];
    store.onCommit(() => seenAtCommit.push(notes(store)));
    store.whenCommitting(note(store, 'rider'), 60_000);
    expect(notes(store)).toEqual([]);
    store.transaction(note(store, 'request'));
    await store.commit();
    expect(seenAtCommit).toEqual([['request', 'rider']]);
    store.close();
  });

  it('opens a commit of its own when no other write comes', async () => {
    const store = open();
    const committed = new Promise<string[]>((resolve) => store.onCommit(() => resolve(notes(store))));
    store.whenCommitting(note(store, 'alone'), 1);
    expect(await committed).toEqual(['alone']);
    store.close();
  });

  it('one that throws leaves nothing behind and does not undo the others', async () => {
    const store = open();
    store.whenCommitting(() => {
      note(store, 'half')();
      throw new Error('broken');
    }, 60_000);
    store.whenCommitting(note(store, 'whole'), 60_000);
    store.transaction(note(store, 'request'));
    await store.commit();
    expect(notes(store)).toEqual(['request', 'whole']);
    store.close();
  });

  it('close writes what is still waiting, so it is on disk when the data file is opened again', () => {
    const file = join(dir, 'data.db');
    const store = open(file);
    store.whenCommitting(note(store, 'late'), 60_000);
    store.close();
    const again = open(file);
    expect(notes(again)).toEqual(['late']);
    again.close();
  });
});
