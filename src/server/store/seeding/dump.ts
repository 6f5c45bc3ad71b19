import { readFileSync } from 'node:fs';
import { DataFileError, dataFileKind, openDatabase } from '../database.js';
import { KEEP_ADVICE } from './import-json.js';
import { loadSeed } from './load-seed.js';
import type { ServerState } from '../../../seed-file/seed-file.js';
import { Store } from '../store.js';

/** The data file's store as a seed document (format 1). A JSON data file of the earlier format is read as it is. */
export function dumpDataFile(path: string): ServerState {
  const kind = dataFileKind(path);
  if (kind === 'missing' || kind === 'empty') {
    const problem = kind === 'missing' ? 'does not exist' : 'holds no data';
    throw new DataFileError(path, problem, 'Give --data the data file of an fp server.');
  }
  if (kind === 'other')
    throw new DataFileError(
      path,
      'is not an fp data file (neither a database nor JSON data of an earlier fp)',
      KEEP_ADVICE,
    );
  if (kind === 'json') return loadSeed(JSON.parse(readFileSync(path, 'utf8')));
  const store = new Store(openDatabase(path));
  try {
    return store.state;
  } finally {
    store.close();
  }
}
