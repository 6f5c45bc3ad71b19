import { existsSync, readFileSync, renameSync } from 'node:fs';
import { buildDataFile } from './build-data-file.js';
import { DataFileError } from '../database.js';
import { loadSeed, SeedError } from './load-seed.js';

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
    throw new DataFileError(
      path,
      `is not an fp data file (not a database, and not valid JSON: ${(err as Error).message})`,
      KEEP_ADVICE,
    );
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new DataFileError(
      path,
      `holds ${doc === null ? 'null' : `a JSON ${Array.isArray(doc) ? 'array' : typeof doc}`}, not fp data`,
      KEEP_ADVICE,
    );
  }
  let state;
  try {
    state = loadSeed(doc);
  } catch (err) {
    if (!(err instanceof SeedError)) throw err;
    const problems = err.problems.map((p) => `\n  ${p}`).join('');
    throw new DataFileError(path, 'is JSON data of an earlier fp that does not load', `${KEEP_ADVICE}${problems}`);
  }
  // Built beside the JSON file first, so a failure leaves it as it was; it is then kept under a backup name.
  const building = `${path}.import-${process.pid}`;
  buildDataFile(building, state, { tag: 'building' });
  const backup = backupPath(path);
  renameSync(path, backup);
  renameSync(building, path);
  return `${path}: imported the JSON data of an earlier fp into a database; the JSON document is kept as ${backup}.`;
}
