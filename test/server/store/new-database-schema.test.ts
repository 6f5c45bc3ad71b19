import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APPLICATION_ID, openDatabase, type Database } from '../../../src/server/store/database.js';
import { statementsMaking } from '../../../src/server/store/new-database-schema.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/server/store/schema.js';

const Driver = (await import('libsql')).default as unknown as new (path: string) => Database;
const dir = mkdtempSync(join(tmpdir(), 'fp-new-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every table, index and trigger with the statement SQLite keeps for it, every row, and the two version numbers. */
function shapeOf(db: Database) {
  const objects = db
    .prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name')
    .all([]) as Array<{
    type: string;
    name: string;
  }>;
  const rows = Object.fromEntries(
    objects.filter((o) => o.type === 'table').map((o) => [o.name, db.prepare(`SELECT * FROM "${o.name}"`).all([])]),
  );
  return {
    objects,
    rows,
    version: db.prepare('PRAGMA user_version').all([]),
    application: db.prepare('PRAGMA application_id').all([]),
  };
}

describe('a new database', () => {
  const migrated = new Driver(':memory:');
  for (const migration of MIGRATIONS) migrated.exec(migration);
  migrated.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  migrated.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  const expected = shapeOf(migrated);
  migrated.close();

  it('has what the migrations, applied one by one, make: the first of a process, and the later ones made at once', () => {
    const made = [
      openDatabase(':memory:'),
      openDatabase(':memory:'),
      openDatabase(join(dir, 'data.db')),
      openDatabase(join(dir, 'scratch.db'), { scratch: true }),
    ];
    for (const db of made) {
      expect(shapeOf(db)).toEqual(expected);
      db.close();
    }
    expect(expected.objects.length).toBeGreaterThan(60);
  });

  it('the statements taken from a migrated database make the same database at once, rows the migrations wrote included', () => {
    const source = new Driver(':memory:');
    for (const migration of MIGRATIONS) source.exec(migration);
    const statements = statementsMaking(source);
    source.close();
    expect(statements).toContain('INSERT INTO "sequences"');
    const made = new Driver(':memory:');
    made.exec(statements!);
    made.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    made.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    expect(shapeOf(made)).toEqual(expected);
    made.close();
  });

  it("keeps AUTOINCREMENT's counters as they were, past the highest row left", () => {
    const source = new Driver(':memory:');
    source.exec(`CREATE TABLE t (row INTEGER PRIMARY KEY AUTOINCREMENT, x TEXT);
      INSERT INTO t (x) VALUES ('a'), ('b'), ('c');
      DELETE FROM t WHERE x = 'c';`);
    const made = new Driver(':memory:');
    made.exec(statementsMaking(source)!);
    expect(made.prepare('SELECT name, seq FROM sqlite_sequence').all([])).toEqual([{ name: 't', seq: 3 }]);
    expect(made.prepare('SELECT row, x FROM t').all([])).toEqual([
      { row: 1, x: 'a' },
      { row: 2, x: 'b' },
    ]);
    source.close();
    made.close();
  });

  it('a database holding more than the migrations write is not copied this way', () => {
    const source = new Driver(':memory:');
    for (const migration of MIGRATIONS) source.exec(migration);
    source.exec(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO sequences (portal_id, name, last) SELECT i, 'x', 0 FROM n",
    );
    expect(statementsMaking(source)).toBeUndefined();
    source.close();
  });

  it('a database at an older version still gets the migrations it lacks, one by one', () => {
    const path = join(dir, 'old.db');
    const old = new Driver(path);
    old.exec(MIGRATIONS[0]);
    old.exec('PRAGMA user_version = 1');
    old.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    old.close();
    const db = openDatabase(path);
    expect(shapeOf(db)).toEqual(expected);
    db.close();
  });
});
