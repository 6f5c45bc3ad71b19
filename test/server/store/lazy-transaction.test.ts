import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/store/database.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import { Store } from '../../../src/server/store/store.js';
import { fixtureSeed } from '../../support/fixture-seed.js';

const NOW = new Date('2026-06-01T00:00:00Z');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-lazy-'));
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

describe('Store.lazyTransaction (writes whose commit waits for the next one)', () => {
  it('is seen at once and commits with the next write, in one commit', async () => {
    const store = open();
    const seenAtCommit: string[][] = [];
    store.onCommit(() => seenAtCommit.push(notes(store)));
    store.lazyTransaction(note(store, 'outcome'), 60_000);
    expect(notes(store)).toEqual(['outcome']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seenAtCommit).toEqual([]);
    store.transaction(note(store, 'request'));
    await store.commit();
    expect(seenAtCommit).toEqual([['outcome', 'request']]);
    store.close();
  });

  it('commits on its own when no other write comes within its wait', async () => {
    const store = open();
    const committed = new Promise<string[]>((resolve) => store.onCommit(() => resolve(notes(store))));
    store.lazyTransaction(note(store, 'alone'), 1);
    expect(await committed).toEqual(['alone']);
    store.close();
  });

  it('commits at once when something waits for the commit', async () => {
    const store = open();
    store.lazyTransaction(note(store, 'outcome'), 60_000);
    await store.commit();
    store.close();
  });

  it('one that throws leaves nothing behind and does not undo the others', async () => {
    const store = open();
    store.lazyTransaction(note(store, 'before'), 60_000);
    expect(() =>
      store.lazyTransaction(() => {
        note(store, 'half')();
        throw new Error('broken');
      }, 60_000),
    ).toThrow('broken');
    store.transaction(note(store, 'request'));
    await store.commit();
    expect(notes(store)).toEqual(['before', 'request']);
    store.close();
  });

  it('close commits what is still waiting, so it is there when the data file is opened again', () => {
    const file = join(dir, 'data.db');
    const store = open(file);
    store.lazyTransaction(note(store, 'late'), 60_000);
    store.close();
    const again = open(file);
    expect(notes(again)).toEqual(['late']);
    again.close();
  });
});
