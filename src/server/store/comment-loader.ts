import { existsSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { SeedCut } from './cut-seed-text.js';
import type { CommentsBefore } from './load-seed.js';
import type { CommentsApart, CommentTally } from './portal-document.js';
import type { Sql } from './sql.js';
import { COMMENTS } from './tables.js';

/**
 * A seed's comments are most of its rows, and parsing and binding them through
 * the driver is most of a seed load. So the last comments of the last portal
 * are handed to a worker thread: the main thread cuts the seed's text (see
 * cut-seed-text.ts), the worker reads, parses, checks and fills its part as
 * `loadSeed` would and inserts it into a scratch database (`sidePath`), while
 * the main thread does all the rest. The main thread then copies the rows over
 * inside SQLite (no value passes through JavaScript) after its own comments.
 * The waits are synchronous on both sides (the seed load is), on a shared
 * counter per direction that the sender bumps after each message.
 */

/** Seed files smaller than this (bytes), or with fewer bytes of comments, load in the main thread: starting a thread costs more than it saves. */
export const FEWEST_BYTES_APART = 1_500_000;
/**
 * The worker's share of the bytes of the comments, so that both threads finish
 * together: the main thread also checks and inserts everything else (a byte of
 * posts costs it about 0.6 of a byte of comments), and copies the worker's rows
 * in (about a tenth of inserting them). 62% on a seed of 50,000 posts with ten
 * comments each; more with more posts, never all.
 */
export function workerShare(otherBytes: number, commentBytes: number): number {
  return Math.min(0.9, Math.max(0.5, (0.6 * otherBytes + commentBytes) / (1.9 * commentBytes)));
}

/** A side silent for this long is taken for dead (each reports after every step; a step takes seconds on a seed of millions of comments). */
const SILENCE_MS = 600_000;
const WAIT_STEP_MS = 1_000;

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export const SCRATCH_TABLE = 'comments';
export const SCRATCH_COLUMNS = ['portal_id', ...COMMENTS.columns];

/** What the worker reports (worker to main thread). */
export type LoaderReport =
  | { kind: 'ready' }
  | { kind: 'parsed'; highestId: number }
  | { kind: 'checked'; tally: CommentTally }
  | { kind: 'done' }
  | { kind: 'failed'; reason: string };

/** What the main thread tells the worker: where its comments are, then what it needs to check them. */
export type LoaderOrder = { kind: 'cut'; cut: SeedCut } | { kind: 'before'; before: CommentsBefore };

/** Counters of the shared signal: messages sent by the worker, and by the main thread. */
export const TO_MAIN = 0;
export const TO_WORKER = 1;

export interface LoaderData {
  seedFile: string;
  sidePath: string;
  now: string;
  port: MessagePort;
  signal: Int32Array;
}

/** Sends `message` on `port` and wakes the other side, waiting on `signal[counter]`. */
export function send(port: MessagePort, signal: Int32Array, counter: number, message: unknown): void {
  port.postMessage(message);
  Atomics.add(signal, counter, 1);
  Atomics.notify(signal, counter);
}

/**
 * The next message on `port`, waited for (blocking) on `signal[counter]`;
 * undefined when none came for SILENCE_MS.
 */
export function receive<T>(port: MessagePort, signal: Int32Array, counter: number): T | undefined {
  let since = Date.now();
  for (;;) {
    const seen = Atomics.load(signal, counter);
    const message = receiveMessageOnPort(port);
    if (message) return message.message as T;
    if (Atomics.wait(signal, counter, seen, WAIT_STEP_MS) === 'timed-out' && Date.now() - since > SILENCE_MS)
      return undefined;
    if (Atomics.load(signal, counter) !== seen) since = Date.now();
  }
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
  private readonly signal = new Int32Array(new SharedArrayBuffer(8));
  private readonly reports: LoaderReport[] = [];
  private stopped = false;

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
    if (!script || !(fileSize(seedFile) >= FEWEST_BYTES_APART)) return undefined;
    return new CommentLoader(script, seedFile, `${dataPath}.comments-${process.pid}`, now);
  }

  /** Blocks until the worker has made report `kind`; throws CommentsNotLoaded if it failed instead. */
  private waitFor<K extends LoaderReport['kind']>(kind: K): Extract<LoaderReport, { kind: K }> {
    for (;;) {
      const found = this.reports.find((r) => r.kind === kind || r.kind === 'failed');
      if (found?.kind === 'failed') throw new CommentsNotLoaded(found.reason);
      if (found) return found as Extract<LoaderReport, { kind: K }>;
      const report = receive<LoaderReport>(this.port, this.signal, TO_MAIN);
      // It reports on every path but one: a thread that died (out of memory) says nothing.
      if (!report) throw new CommentsNotLoaded('the worker stopped answering');
      this.reports.push(report);
    }
  }

  private order(order: LoaderOrder): void {
    send(this.port, this.signal, TO_WORKER, order);
  }

  /** Hands the worker the comments after `cut`. */
  cut(cut: SeedCut): void {
    this.order({ kind: 'cut', cut });
  }

  /** Gives the worker what it checks its comments against. */
  before(before: CommentsBefore): void {
    this.order({ kind: 'before', before });
  }

  /** The highest id given to the worker's comments, once it has parsed them. */
  highestId(): number {
    return this.waitFor('parsed').highestId;
  }

  /** The worker's comments as the main thread inserts them, into `portals[portal]` of id `portalId`. */
  apart(portalId: number): CommentsApart {
    return {
      portalId,
      tally: () => this.waitFor('checked').tally,
      insert: (sql: Sql, committed?: () => void) => {
        this.waitFor('done');
        // Its rows are in the scratch file: the thread's memory (the comments it parsed) goes now, not after the load.
        void this.worker.terminate();
        // Attached only now, when the worker is done with it, so the two never wait on each other's locks.
        // SQLite attaches nothing inside a transaction: the bulk load's is split here (it builds a file
        // nobody uses before it is complete, without a journal, so it is no unit anyway).
        sql.exec('COMMIT');
        committed?.();
        sql.run('ATTACH ? AS apart', [this.sidePath]);
        sql.exec('BEGIN');
        const columns = SCRATCH_COLUMNS.slice(1).join(', ');
        try {
          sql.run(
            `INSERT INTO comments (portal_id, ${columns}) SELECT ?, ${columns} FROM apart.${SCRATCH_TABLE} ORDER BY rowid`,
            [portalId],
          );
        } catch (err) {
          // An id given to comments on both sides of the cut: the seed's messages come from a load without the worker.
          if (String((err as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT'))
            throw new CommentsNotLoaded((err as Error).message);
          throw err;
        }
        // Committed again, so the copied rows too are written (and synced in the background) while the comments are indexed.
        sql.exec('COMMIT');
        sql.exec('DETACH apart');
        committed?.();
        sql.exec('BEGIN');
      },
    };
  }

  /** Stops the worker and removes its scratch file. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    try {
      // Once ready the worker has made its file (it removes it itself when it fails), so no file comes after the removal.
      this.waitFor('ready');
    } catch {
      // It failed.
    }
    void this.worker.terminate();
    this.port.close();
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(this.sidePath + suffix, { force: true });
  }
}
