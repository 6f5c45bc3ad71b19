import { rmSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { commentSplit, SCRATCH_COLUMNS, SCRATCH_TABLE, type LoaderData, type LoaderReport } from './comment-loader.js';
import { openScratchDatabase } from './database.js';
import { loadSplitComments, readText } from './load-seed.js';
import { tallyComments } from './portal-document.js';
import { Sql } from './sql.js';
import { bulkInsertRecords, COMMENTS } from './tables.js';

/** The worker of comment-loader.ts: checks and inserts its part of a seed's comments into a scratch database. */

const { seedFile, sidePath, now, port, signal } = workerData as LoaderData;

function report(r: LoaderReport): void {
  port.postMessage(r);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

let sql: Sql | undefined;
try {
  sql = new Sql(openScratchDatabase(sidePath));
  sql.exec(`CREATE TABLE ${SCRATCH_TABLE} (${SCRATCH_COLUMNS.join(', ')})`);
  report({ kind: 'ready' });
  let raw: unknown = JSON.parse(readText(seedFile));
  const split = commentSplit(raw);
  if (!split) throw new Error('no comments to load');
  const comments = loadSplitComments(raw, split, new Date(now));
  // Only the checked comments stay: the seed as parsed is garbage from here on.
  raw = undefined;
  report({ kind: 'checked', split, tally: tallyComments(comments) });
  sql.exec('BEGIN');
  // portal_id is the main thread's to give (it copies the rows with it).
  bulkInsertRecords(sql, COMMENTS, 0, comments);
  sql.exec('COMMIT');
  sql.db.close();
  sql = undefined;
  report({ kind: 'done' });
} catch (err) {
  try {
    sql?.db.close();
  } catch {
    // Closed already.
  }
  rmSync(sidePath, { force: true });
  report({ kind: 'failed', reason: (err as Error).message ?? String(err) });
}
