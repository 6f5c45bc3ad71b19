import { existsSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { CommentSplit } from './load-seed.js';
import type { CommentsApart, CommentTally } from './portal-document.js';
import type { Sql } from './sql.js';
import { COMMENTS } from './tables.js';

/**
 * A seed's comments are most of its rows, and binding their values through the
 * driver is most of a seed load. So the last portal's comments are shared with
 * a worker thread: it reads the seed itself, checks and fills its part of them
 * as `loadSeed` would, and inserts it into a scratch database (`sidePath`), while
 * the main thread loads all the rest. The main thread then copies the rows over
 * inside SQLite (no value passes through JavaScript) after its own comments.
 * The waits are synchronous (the seed load is), on a shared counter the worker
 * bumps after each report.
 */

/** Fewer comments than this load in the main thread: starting a thread costs more than it saves. */
export const FEWEST_COMMENTS_APART = 20_000;
/** The worker's share of them: the main thread also checks and inserts everything else. */
const WORKER_SHARE = 0.67;

/** A worker silent for this long is taken for dead (it reports after each step; a step takes seconds on a seed of millions of comments). */
const SILENCE_MS = 600_000;
const WAIT_STEP_MS = 1_000;

/** Seed files smaller than this (bytes) cannot hold enough comments. */
const SMALLEST_SEED_APART = 2_000_000;

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export const SCRATCH_TABLE = 'comments';
export const SCRATCH_COLUMNS = ['portal_id', ...COMMENTS.columns];

/** The comments a worker loads: the last part of the last portal's, when they are many. */
export function commentSplit(raw: unknown): CommentSplit | undefined {
  const portals = typeof raw === 'object' && raw !== null ? (raw as { portals?: unknown }).portals : undefined;
  if (!Array.isArray(portals) || portals.length === 0) return undefined;
  const portal = portals.length - 1;
  const comments = (portals[portal] as { comments?: unknown } | null)?.comments;
  if (!Array.isArray(comments) || comments.length < FEWEST_COMMENTS_APART) return undefined;
  return { portal, from: comments.length - Math.floor(comments.length * WORKER_SHARE) };
}

export type LoaderReport =
  | { kind: 'ready' }
  | { kind: 'checked'; split: CommentSplit; tally: CommentTally }
  | { kind: 'done' }
  | { kind: 'failed'; reason: string };

export interface LoaderData {
  seedFile: string;
  sidePath: string;
  now: string;
  port: MessagePort;
  signal: Int32Array;
}

/** The worker did not load its comments (a problem in them, or a failure): the seed is loaded without it. */
export class CommentsNotLoaded extends Error {
  constructor(reason: string) {
    super(`comments not loaded apart: ${reason}`);
    this.name = 'CommentsNotLoaded';
  }
}

/** The worker's script, next to the bundle's entry points; none when fp runs from its sources. */
function workerScript(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    if (basename(dir) === 'dist') {
      const script = join(dir, 'comment-loader-worker.js');
      return existsSync(script) ? script : undefined;
    }
  }
  return undefined;
}

export class CommentLoader {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly reports: LoaderReport[] = [];

  private constructor(
    script: string,
    readonly seedFile: string,
    readonly sidePath: string,
    now: Date,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const data: LoaderData = { seedFile, sidePath, now: now.toISOString(), port: port2, signal: this.signal };
    this.worker = new Worker(script, { workerData: data, transferList: [port2] });
    this.worker.unref();
  }

  /** Starts a worker on the seed file; none when there is no worker script or the file is small. `dataPath` names the scratch file. */
  static start(seedFile: string, dataPath: string, now: Date, script = workerScript()): CommentLoader | undefined {
    if (!script || !(fileSize(seedFile) >= SMALLEST_SEED_APART)) return undefined;
    return new CommentLoader(script, seedFile, `${dataPath}.comments-${process.pid}`, now);
  }

  /** Blocks until the worker has made report `kind`; throws CommentsNotLoaded if it failed instead. */
  private waitFor<K extends LoaderReport['kind']>(kind: K): Extract<LoaderReport, { kind: K }> {
    let since = Date.now();
    for (;;) {
      const found = this.reports.find((r) => r.kind === kind || r.kind === 'failed');
      if (found?.kind === 'failed') throw new CommentsNotLoaded(found.reason);
      if (found) return found as Extract<LoaderReport, { kind: K }>;
      const seen = Atomics.load(this.signal, 0);
      const message = receiveMessageOnPort(this.port);
      if (message) {
        this.reports.push(message.message as LoaderReport);
        since = Date.now();
      } else if (Atomics.wait(this.signal, 0, seen, WAIT_STEP_MS) === 'timed-out' && Date.now() - since > SILENCE_MS) {
        // It reports on every path but one: a thread that died (out of memory) says nothing.
        throw new CommentsNotLoaded('the worker stopped answering');
      }
    }
  }

  /** Waits until the worker has started (and made its scratch file). */
  ready(): void {
    this.waitFor('ready');
  }

  /** The comments as the main thread inserts them, once the worker has checked them against `split` (the main thread's). */
  apart(split: CommentSplit, portalId: number): CommentsApart {
    return {
      portalId,
      tally: () => {
        const checked = this.waitFor('checked');
        if (checked.split.portal !== split.portal || checked.split.from !== split.from) throw new CommentsNotLoaded('the seed file changed');
        return checked.tally;
      },
      insert: (sql: Sql) => {
        this.waitFor('done');
        // Attached only now, when the worker is done with it, so the two never wait on each other's locks.
        // SQLite attaches nothing inside a transaction: the bulk load's is split in two (it builds a file
        // nobody uses before it is complete, without a journal, so it is no unit anyway).
        sql.exec('COMMIT');
        sql.run('ATTACH ? AS apart', [this.sidePath]);
        sql.exec('BEGIN');
        const columns = SCRATCH_COLUMNS.slice(1).join(', ');
        sql.run(`INSERT INTO comments (portal_id, ${columns}) SELECT ?, ${columns} FROM apart.${SCRATCH_TABLE} ORDER BY rowid`, [portalId]);
      },
    };
  }

  /** Stops the worker and removes its scratch file. */
  stop(): void {
    try {
      // Once ready the worker has made its file (it removes it itself when it fails), so no file comes after the removal.
      this.ready();
    } catch {
      // It failed.
    }
    void this.worker.terminate();
    this.port.close();
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(this.sidePath + suffix, { force: true });
  }
}
