import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { statementsMaking } from './new-database-schema.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';

/** The part of libsql's (better-sqlite3-compatible) API the store uses; parameters always go as one array. */
export interface Statement {
  run(params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  all(params: unknown[]): unknown[];
  get(params: unknown[]): unknown;
}
export interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  close(): void;
}
type DatabaseConstructor = new (path: string) => Database;

const require = createRequire(import.meta.url);

/** `PRAGMA application_id` of fp data files ("fp" + format 1), so another program's database is told apart. */
export const APPLICATION_ID = 0x66700001;

const SQLITE_HEADER = 'SQLite format 3\0';

/** A data file fp cannot use. The message names the file and says what to do; the file is left as it was. */
export class DataFileError extends Error {
  constructor(
    readonly path: string,
    problem: string,
    advice: string,
  ) {
    super(`${path}: ${problem}. ${advice}`);
    this.name = 'DataFileError';
  }
}

export type DataFileKind = 'missing' | 'empty' | 'sqlite' | 'json' | 'other';

/** What the file at `path` is, judged from its first bytes (nothing is written). */
export function dataFileKind(path: string): DataFileKind {
  if (!existsSync(path)) return 'missing';
  const stat = statSync(path);
  if (!stat.isFile()) throw new DataFileError(path, 'is not a regular file', 'Give --data the path of a file.');
  if (stat.size === 0) return 'empty';
  const head = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === SQLITE_HEADER) return 'sqlite';
  const first = head.toString('utf8').trimStart()[0];
  return first === '{' || first === '[' || first === 'n' ? 'json' : 'other';
}

/**
 * Refuses a data file fp could open but never write (read-only file, folder or
 * file system) before anything starts: a probe file is created and removed next
 * to it, and an existing file is opened for writing (nothing is written).
 */
export function assertWritable(path: string): void {
  const dir = dirname(resolve(path));
  if (!existsSync(dir))
    throw new DataFileError(path, 'its folder does not exist', 'Create the folder or choose another --data path.');
  const refuse = () => new DataFileError(path, 'is in a read-only location', 'Choose a --data path fp can write to.');
  const probe = join(dir, `.${basename(path)}.${process.pid}.write-check`);
  try {
    closeSync(openSync(probe, 'wx'));
  } catch {
    throw refuse();
  }
  rmSync(probe, { force: true });
  if (existsSync(path)) {
    try {
      closeSync(openSync(path, 'r+'));
    } catch {
      throw refuse();
    }
  }
}

function loadDriver(): DatabaseConstructor {
  return require('libsql') as DatabaseConstructor;
}

/**
 * Opens (or creates) the database: WAL journal, `synchronous=FULL` (a commit is
 * on disk when it returns), foreign keys, then the schema migrations. `:memory:`
 * gives the same schema in memory. `bulkLoad` is for a new file filled once
 * before it is put in place; `scratch` for a file of this run only, whose
 * commits need not reach the disk (it is removed when the run ends); `readOnly`
 * for a file this fp wrote that may be shared (a reset copy linked to a compiled seed).
 */
export interface OpenOptions {
  bulkLoad?: boolean;
  scratch?: boolean;
  /** Only read, in whatever journal mode the file has: nothing, not even its header, is written. */
  readOnly?: boolean;
}

export function openDatabase(path: string, options: OpenOptions = {}): Database {
  const Driver = loadDriver();
  const memory = path === ':memory:';
  let db: Database;
  try {
    db = new Driver(path);
  } catch (err) {
    throw new DataFileError(
      path,
      `cannot be opened (${(err as Error).message})`,
      'Check the path and its permissions.',
    );
  }
  try {
    const version = pragmaValue(db, 'user_version');
    const app = pragmaValue(db, 'application_id');
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").all([])[0] as {
      n: number;
    };
    if (version > SCHEMA_VERSION) {
      throw new DataFileError(
        path,
        `was written by a newer fp (data schema ${version}; this fp reads up to ${SCHEMA_VERSION})`,
        'Run a newer fp with it, or start this one with another --data file.',
      );
    }
    if (app !== APPLICATION_ID && (app !== 0 || tables.n > 0)) {
      throw new DataFileError(
        path,
        'is a SQLite database, but not an fp data file',
        'Give --data a new file or an fp data file.',
      );
    }
    if (options.readOnly) {
      if (version !== SCHEMA_VERSION) {
        throw new DataFileError(
          path,
          `holds data schema ${version}, not ${SCHEMA_VERSION}`,
          'A file opened only to read is not brought up to date; it must come from this fp.',
        );
      }
      db.exec('PRAGMA query_only = ON');
      return db;
    }
    setJournal(db, memory, options);
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, version);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof DataFileError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) {
      throw new DataFileError(
        path,
        'is damaged or not a database',
        'Restore it from a backup (or move it away to start afresh); fp has not changed it.',
      );
    }
    if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM')) {
      throw new DataFileError(path, 'cannot be written', 'Choose a --data path in a folder fp can write to.');
    }
    throw err;
  }
}

function setJournal(db: Database, memory: boolean, options: OpenOptions): void {
  if (options.bulkLoad) {
    // A file being built beside its final name (see build-data-file.ts): no journal and no
    // syncs while it fills, as nobody reads it before it is complete, synced and renamed.
    db.exec('PRAGMA journal_mode = OFF');
    db.exec('PRAGMA synchronous = OFF');
    db.exec('PRAGMA cache_size = -128000');
    db.exec('PRAGMA threads = 2');
    // Index builds read the whole table each: through a mapping rather than a read call a page.
    db.exec('PRAGMA mmap_size = 1073741824');
    return;
  }
  if (!memory) {
    // Set first: the switch to WAL syncs the file under FULL, which for a scratch copy just
    // written is a flush of all of it to the disk, needed by nobody.
    db.exec(`PRAGMA synchronous = ${options.scratch ? 'OFF' : 'FULL'}`);
    db.exec('PRAGMA journal_mode = WAL');
  }
  db.exec('PRAGMA cache_size = -32000');
}

function pragmaValue(db: Database, name: string): number {
  const row = db.prepare(`PRAGMA ${name}`).all([])[0] as Record<string, number>;
  return Number(row[name]);
}

function migrate(db: Database, from: number): void {
  const schema = newDatabaseSchema;
  if (from === 0 && schema) {
    inTransaction(db, () => {
      db.exec(schema);
      db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`);
      db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    });
    return;
  }
  for (let v = from; v < MIGRATIONS.length; v++) {
    inTransaction(db, () => {
      db.exec(MIGRATIONS[v]);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      if (v === 0) db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
    });
  }
  if (from === 0 && schema === undefined) newDatabaseSchema = statementsMaking(db) ?? null;
}

/**
 * The migrations' result as statements, from the first new database of the process (see
 * new-database-schema.ts); null when it cannot be copied that way, and every new one is migrated.
 */
let newDatabaseSchema: string | null | undefined;

function inTransaction(db: Database, work: () => void): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    work();
    db.exec('COMMIT');
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
}
