import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/server/start-server.js';
import { APPLICATION_ID, DataFileError, openDatabase } from '../../../src/server/store/database.js';
import { dumpDataFile } from '../../../src/server/store/seeding/dump.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/server/store/schema.js';
import { fixtureSeed } from '../../support/fixture-seed.js';

const libsql = (await import('libsql')).default as unknown as new (
  path: string,
) => {
  exec(sql: string): void;
  close(): void;
};

let dir: string;
let seedFile: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-data-file-'));
  seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(fixtureSeed()));
});
afterEach(async () => {
  chmodSync(dir, 0o755);
  await rm(dir, { recursive: true, force: true });
});

async function start(data: string, seed: string | undefined = seedFile) {
  return startServer({ port: 0, data, seed });
}

/** Starting on the file fails with exactly this message, and the file and its folder are as they were. */
async function refused(file: string, message: string | RegExp) {
  const before = existsSync(file) ? readFileSync(file) : undefined;
  const names = readdirSync(dir).sort();
  const err = await start(file).then(
    (s) => s.close().then(() => undefined),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DataFileError);
  if (typeof message === 'string') expect((err as Error).message).toBe(message);
  else expect((err as Error).message).toMatch(message);
  if (before) expect(readFileSync(file).equals(before)).toBe(true);
  expect(readdirSync(dir).sort()).toEqual(names);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KEEP = 'Give --data a new file or an fp data file; fp has not changed this one.';

describe('D-DATA-FILES data files that are refused, untouched', () => {
  it('text that is neither a database nor JSON', async () => {
    const file = join(dir, 'data.db');
    writeFileSync(file, 'hello, this is not a database\n');
    await refused(file, `${file}: is not an fp data file (neither a database nor JSON data of an earlier fp). ${KEEP}`);
  });

  it('JSON null never loads the demo or the seed', async () => {
    const file = join(dir, 'data.json');
    writeFileSync(file, 'null\n');
    await refused(file, `${file}: holds null, not fp data. ${KEEP}`);
  });

  it('broken JSON', async () => {
    const file = join(dir, 'data.json');
    writeFileSync(file, '{"portals": [');
    const start = `${file}: is not an fp data file (not a database, and not valid JSON: `;
    await refused(file, new RegExp(`^${escape(start)}.+${escape(`). ${KEEP}`)}$`));
  });

  it('JSON of the earlier format that does not load names each problem', async () => {
    const file = join(dir, 'data.json');
    writeFileSync(file, JSON.stringify({ portals: [] }));
    await refused(
      file,
      `${file}: is JSON data of an earlier fp that does not load. ${KEEP}\n  portals: needs at least one portal`,
    );
  });

  it('a damaged database', async () => {
    const file = join(dir, 'data.db');
    await (await start(file)).close();
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 100, 4096); // the schema page, past the 100-byte header
    writeFileSync(file, bytes);
    await refused(
      file,
      `${file}: is damaged or not a database. Restore it from a backup (or move it away to start afresh); fp has not changed it.`,
    );
  });

  it('a database written by a newer fp', async () => {
    const file = join(dir, 'data.db');
    const db = new libsql(file);
    db.exec(
      `PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${SCHEMA_VERSION + 1}; CREATE TABLE future (x)`,
    );
    db.close();
    await refused(
      file,
      `${file}: was written by a newer fp (data schema ${SCHEMA_VERSION + 1}; this fp reads up to ${SCHEMA_VERSION}). Run a newer fp with it, or start this one with another --data file.`,
    );
  });

  it("another program's SQLite database", async () => {
    const file = join(dir, 'other.sqlite');
    const db = new libsql(file);
    db.exec('CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES (1)');
    db.close();
    await refused(
      file,
      `${file}: is a SQLite database, but not an fp data file. Give --data a new file or an fp data file.`,
    );
  });

  it('a folder that does not exist', async () => {
    const file = join(dir, 'missing', 'data.db');
    await refused(file, `${file}: its folder does not exist. Create the folder or choose another --data path.`);
  });

  it('a read-only location is refused at start-up', async () => {
    // root writes through permissions, so it is shown on a file system that refuses everyone.
    const asRoot = process.getuid?.() === 0;
    const file = asRoot ? '/sys/fs/fp-data.db' : join(dir, 'data.db');
    if (!asRoot) chmodSync(dir, 0o555);
    const err = await start(file).then(
      (s) => s.close().then(() => undefined),
      (e: unknown) => e,
    );
    expect((err as Error).message).toBe(`${file}: is in a read-only location. Choose a --data path fp can write to.`);
    expect(existsSync(file)).toBe(false);
  });
});

describe('data files that open', () => {
  it('D-STORE D-DATA-FILES a new file is created from the seed; the next start opens the data, not the seed', async () => {
    const file = join(dir, 'data.db');
    const first = await start(file);
    expect(first.notices).toEqual([]);
    first.store.transaction(() =>
      first.store.portals[0].feedback.insert({ ...first.store.portals[0].feedback.list()[0], id: 'fb-9' }),
    );
    await first.store.commit();
    await first.close();
    const second = await start(file);
    expect(second.store.portals[0].feedback.list().map((f) => f.id)).toEqual(['fb-1', 'fb-2', 'fb-9']);
    await second.close();
  });

  it('D-EARLIER-DATA-FILES a JSON data file of the earlier format is imported once, with a message, and kept as a backup', async () => {
    const file = join(dir, 'data.json');
    const state = loadSeed(fixtureSeed(), new Date('2026-06-01T00:00:00Z'));
    state.portals[0].title = 'Written by the earlier fp';
    const json = JSON.stringify(state, null, 1);
    writeFileSync(file, json);

    const first = await start(file);
    expect(first.notices).toEqual([
      `${file}: imported the JSON data of an earlier fp into a database; the JSON document is kept as ${file}.json-backup.`,
    ]);
    expect(first.store.state).toEqual(state);
    await first.close();
    expect(readFileSync(`${file}.json-backup`, 'utf8')).toBe(json);
    expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');

    const second = await start(file);
    expect(second.notices).toEqual([]);
    expect(second.store.portals[0].title).toBe('Written by the earlier fp');
    await second.close();
  });
});

describe('reset on a data file', () => {
  it('D-RESET goes back to the data as opened when no --seed is named, and to the seed when one is', async () => {
    const file = join(dir, 'data.db');
    const feedbackIds = (s: RunningServer) => s.store.portals[0].feedback.list().map((f) => f.id);
    const addFeedback = async (s: RunningServer, id: string) => {
      s.store.transaction(() => s.store.portals[0].feedback.insert({ ...s.store.portals[0].feedback.list()[0], id }));
      await s.store.commit();
    };
    const first = await start(file);
    await addFeedback(first, 'fb-9');
    await first.close();

    const opened = await startServer({ port: 0, data: file });
    await addFeedback(opened, 'fb-10');
    opened.store.reset(1);
    expect(feedbackIds(opened)).toEqual(['fb-1', 'fb-2', 'fb-9']);
    await opened.close();

    const seeded = await start(file);
    expect(feedbackIds(seeded)).toEqual(['fb-1', 'fb-2', 'fb-9']);
    seeded.store.reset(1);
    expect(feedbackIds(seeded)).toEqual(['fb-1', 'fb-2']);
    await seeded.close();
  });
});

describe('fp server dump', () => {
  it('D-SERVER-DUMP writes the store as a seed file that loads back to the same store', async () => {
    const file = join(dir, 'data.db');
    const server = await start(file);
    const state = server.store.state;
    await server.close();
    const dump = dumpDataFile(file);
    expect(dump).toEqual(state);
    expect(dump.format).toBe(1);
    expect(loadSeed(JSON.parse(JSON.stringify(dump)))).toEqual(state);
  });

  it('D-SERVER-DUMP reads a JSON data file of the earlier format as it is, and refuses what is no data file', () => {
    const file = join(dir, 'data.json');
    const state = loadSeed(fixtureSeed(), new Date('2026-06-01T00:00:00Z'));
    writeFileSync(file, JSON.stringify(state));
    expect(dumpDataFile(file)).toEqual(state);
    expect(() => dumpDataFile(join(dir, 'none.db'))).toThrow(
      `${join(dir, 'none.db')}: does not exist. Give --data the data file of an fp server.`,
    );
    writeFileSync(join(dir, 'empty.db'), '');
    expect(() => dumpDataFile(join(dir, 'empty.db'))).toThrow(
      `${join(dir, 'empty.db')}: holds no data. Give --data the data file of an fp server.`,
    );
  });

  it('a file opened only to read is never written: one of another schema is refused as it is, not brought up to date', () => {
    const file = join(dir, 'schema-1-read-only.db');
    const old = new libsql(file);
    old.exec(MIGRATIONS[0]);
    old.exec(`PRAGMA user_version = 1; PRAGMA application_id = ${APPLICATION_ID}`);
    old.close();
    const bytes = readFileSync(file);
    expect(() => openDatabase(file, { readOnly: true })).toThrow(
      `${file}: holds data schema 1, not ${SCHEMA_VERSION}. A file opened only to read is not brought up to date; it must come from this fp.`,
    );
    expect(readFileSync(file).equals(bytes)).toBe(true);
    const current = join(dir, 'current.db');
    openDatabase(current).close();
    const currentBytes = readFileSync(current);
    const db = openDatabase(current, { readOnly: true });
    expect(() => db.exec("INSERT INTO portals (id, guid, is_default, settings) VALUES (9, 'g', 0, '{}')")).toThrow();
    db.close();
    expect(readFileSync(current).equals(currentBytes)).toBe(true);
  });

  it('D-STORE a data file of schema 1 is brought up to date on open: post tallies and the new id counters come from its rows', () => {
    const file = join(dir, 'schema-1.db');
    const old = new libsql(file);
    old.exec(MIGRATIONS[0]);
    old.exec(`PRAGMA user_version = 1; PRAGMA application_id = ${APPLICATION_ID}`);
    const post = (key: string, id: number, tab: number | null, status: string) =>
      `(1, '${key}', ${id}, 'T', 't', '', 'u', ${tab}, '${status}', 0, 0, '${key}', ${id}, 'x', 0, 'x', 0, 'x', 0)`;
    old.exec(`
      INSERT INTO portals (id, guid, is_default, settings) VALUES (1, 'g', 1, '{}');
      INSERT INTO posts (portal_id, key, database_id, title, title_lc, description, author_id, tab_id, moderation_status,
        votes_count, views_count, slug, sort_order, created_at, created_ms, updated_at, updated_ms, latest_status_change_at, latest_status_change_ms)
        VALUES ${[post('a', 1, 1, 'approved'), post('b', 2, 1, 'approved'), post('c', 3, 1, 'pending'), post('d', 4, null, 'approved')].join(', ')};
      INSERT INTO feedback (portal_id, id, type, feedback, created_at, created_ms, updated_at)
        VALUES (1, 'fb-7', 'idea', 'x', 'x', 0, 'x'), (1, 'fb-x9', 'idea', 'y', 'x', 0, 'x'), (1, 'custom', 'idea', 'z', 'x', 0, 'x');
      INSERT INTO sections (portal_id, id, tab_id, slug, name, description, sort_order) VALUES (1, 40, 1, 's', 'S', '', 1);
    `);
    old.close();
    const db = openDatabase(file);
    const all = (sql: string) =>
      db
        .prepare(sql)
        .all([])
        .map((r) => ({ ...(r as object), _metadata: undefined }));
    expect(all('SELECT portal_id, moderation_status, tab_key, n FROM post_counts ORDER BY 1, 2, 3')).toEqual([
      { portal_id: 1, moderation_status: 'approved', tab_key: 0, n: 1, _metadata: undefined },
      { portal_id: 1, moderation_status: 'approved', tab_key: 1, n: 2, _metadata: undefined },
      { portal_id: 1, moderation_status: 'pending', tab_key: 1, n: 1, _metadata: undefined },
    ]);
    expect(
      all("SELECT portal_id, name, last FROM sequences WHERE name IN ('feedback', 'sections') ORDER BY 1"),
    ).toEqual([
      { portal_id: 0, name: 'sections', last: 40, _metadata: undefined },
      { portal_id: 1, name: 'feedback', last: 7, _metadata: undefined },
    ]);
    db.close();
  });

  it('D-STORE a database opened by the store is an fp data file of the current schema', () => {
    const file = join(dir, 'fresh.db');
    openDatabase(file).close();
    const check = openDatabase(file);
    expect(check.prepare('PRAGMA user_version').all([])[0]).toMatchObject({ user_version: SCHEMA_VERSION });
    check.close();
  });
});
