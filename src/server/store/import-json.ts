import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { DataFileError, openDatabase } from './database.js';
import { loadSeed, SeedError } from './load-seed.js';
import { Store } from './store.js';

export const KEEP_ADVICE = 'Give --data a new file or an fp data file; fp has not changed this one.';

/** Where the JSON document of an imported data file is kept: the first free `FILE.json-backup[.n]`. */
function backupPath(path: string): string {
  for (let n = 0; ; n++) {
    const candidate = `${path}.json-backup${n ? `.${n}` : ''}`;
    if (!existsSync(candidate)) return candidate;
  }
}

/**
 * Turns a data file of the earlier format (one JSON document, the seed format
 * with every default filled in) into a database in its place. The database is
 * built beside it first, so a failure leaves the JSON file as it was; the JSON is
 * then kept under a backup name. Returns the message for the operator.
 */
export function importJsonDataFile(path: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new DataFileError(path, `is not an fp data file (not a database, and not valid JSON: ${(err as Error).message})`, KEEP_ADVICE);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new DataFileError(path, `holds ${doc === null ? 'null' : `a JSON ${Array.isArray(doc) ? 'array' : typeof doc}`}, not fp data`, KEEP_ADVICE);
  }
  let state;
  try {
    state = loadSeed(doc);
  } catch (err) {
    if (!(err instanceof SeedError)) throw err;
    const problems = err.problems.map((p) => `\n  ${p}`).join('');
    throw new DataFileError(path, 'is JSON data of an earlier fp that does not load', `${KEEP_ADVICE}${problems}`);
  }
  const building = `${path}.import-${process.pid}`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  const db = openDatabase(building);
  try {
    Store.seed(db, state);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } catch (err) {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
    throw err;
  }
  db.close();
  // Everything is in the main file now; the emptied WAL and its index stay behind under the old name.
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  const backup = backupPath(path);
  renameSync(path, backup);
  renameSync(building, path);
  return `${path}: imported the JSON data of an earlier fp into a database; the JSON document is kept as ${backup}.`;
}
