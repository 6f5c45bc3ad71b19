import { closeSync, openSync, readSync, rmSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import {
  receive,
  SCRATCH_COLUMNS,
  SCRATCH_TABLE,
  send,
  TO_MAIN,
  TO_WORKER,
  type LoaderData,
  type LoaderOrder,
  type LoaderReport,
} from './comment-loader.js';
import { tailText, type SeedCut } from './cut-seed-text.js';
import { openScratchDatabase } from './database.js';
import { givenCommentId, loadSplitComments, parseSplitComments } from './load-seed.js';
import { tallyComments } from './portal-document.js';
import { Sql } from './sql.js';
import { bulkInsertRecords, COMMENTS } from './tables.js';

/**
 * The worker of comment-loader.ts: reads, parses, checks and inserts the
 * comments after the cut of a seed into a scratch database.
 */

const { seedFile, sidePath, now, port, signal } = workerData as LoaderData;

const report = (r: LoaderReport) => send(port, signal, TO_MAIN, r);

function order<K extends LoaderOrder['kind']>(kind: K): Extract<LoaderOrder, { kind: K }> {
  const next = receive<LoaderOrder>(port, signal, TO_WORKER);
  if (next?.kind !== kind)
    throw new Error(next ? `expected ${kind}, got ${next.kind}` : 'the main thread stopped answering');
  return next as Extract<LoaderOrder, { kind: K }>;
}

/** The bytes of the seed file between the cut and the end of the comments. */
function readCut(cut: SeedCut): Buffer {
  const bytes = Buffer.allocUnsafe(cut.to - cut.from - 1);
  const fd = openSync(seedFile, 'r');
  try {
    for (let done = 0; done < bytes.length;) {
      const n = readSync(fd, bytes, done, bytes.length - done, cut.from + 1 + done);
      if (n === 0) throw new Error('the seed file is shorter than it was');
      done += n;
    }
  } finally {
    closeSync(fd);
  }
  return bytes;
}

let sql: Sql | undefined;
try {
  sql = new Sql(openScratchDatabase(sidePath));
  sql.exec(`CREATE TABLE ${SCRATCH_TABLE} (${SCRATCH_COLUMNS.join(', ')})`);
  report({ kind: 'ready' });
  const raw = JSON.parse(tailText(readCut(order('cut').cut))) as unknown[];
  const parsed = parseSplitComments(raw);
  report({ kind: 'parsed', highestId: parsed.reduce((max, c) => Math.max(max, givenCommentId(c) ?? 0), 0) });
  const comments = loadSplitComments(parsed, order('before').before, new Date(now));
  report({ kind: 'checked', tally: tallyComments(comments) });
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
