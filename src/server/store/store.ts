import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from './database.js';
import { insertPortals, portalIds, readPortal, replacePortal } from './portal-document.js';
import { Portal } from './portal.js';
import { Sql } from './sql.js';
import type { PortalData, ServerState } from '../../seed-file/seed-file.js';

export interface StoreOptions {
  /** The database file; `:memory:` (the default) keeps everything in memory. */
  path?: string;
  /** What `/__reference/reset` goes back to; defaults to the data as opened. */
  resetTo?: ServerState;
  /** A database file holding what reset goes back to; the store owns it from then on (and removes it on close). */
  resetFile?: string;
  /** The database file itself when it is this run's alone (a copy of a compiled seed): removed on close. */
  scratchFile?: string;
  /** Settles once `resetFile` is in place, when it is still being made as the store opens. */
  resetReady?: Promise<void>;
}

/** A new name for a store's reset copy, in the temporary folder. */
export function resetFilePath(): string {
  return tempDataFilePath('reset');
}

/** A new name for a data file of this run only, in the temporary folder. */
export function scratchFilePath(): string {
  return tempDataFilePath('scratch');
}

function tempDataFilePath(kind: 'reset' | 'scratch'): string {
  removeOrphanedResetFiles();
  return join(tmpdir(), `fp-${kind}-${process.pid}-${randomUUID()}.db`);
}

/** Removes a database file and the files SQLite keeps beside it. */
export function removeDatabaseFile(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

/** The temporary folders swept for orphans by this process. */
const swept = new Set<string>();

/**
 * Reset copies and scratch files of servers that were killed (SIGKILL leaves
 * no chance to clean up) are removed from the temporary folder, once per process
 * (and folder): a file is an orphan when no process of its pid is running. A file
 * of a running process is never touched.
 */
function removeOrphanedResetFiles(): void {
  const dir = tmpdir();
  if (swept.has(dir)) return;
  swept.add(dir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^fp-(?:reset|scratch)-(\d+)-[0-9a-f-]{36}\.db(?:-wal|-shm|-journal)?$/.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    rmSync(join(dir, name), { force: true });
  }
}

/** Whether a process of this pid runs (as this user or another). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What a commit listener is told: whether the commit held only lazy writes (no request's). */
export interface CommitInfo {
  lazyOnly: boolean;
}

interface Batch {
  waiters: Array<{ resolve: () => void; reject: (err: unknown) => void }>;
  /** Set while only unhurried writes (`lazyTransaction`) are in it: its commit waits for this timer or the next write. */
  lazy?: NodeJS.Timeout;
}

/**
 * The server's data in SQLite. Writes run inside `transaction`, each in a savepoint of
 * the open batch transaction; the batch commits once the current turn of the event
 * loop is done, so concurrent writes share one commit (and one fsync), and
 * `commit()` resolves when the writes made so far are on disk.
 */
export class Store {
  readonly sql: Sql;
  private portalViews: Portal[];
  /** Host name → portal; hosts change only with a reset. */
  private byHost = new Map<string, Portal>();
  private batch: Batch | undefined;
  private depth = 0;
  /** What reset goes back to: a seed document (in memory), or a database file of its own. */
  private resetDoc: string | undefined;
  private snapshot: string | undefined;
  private readonly scratchFile: string | undefined;
  private readonly resetReady: Promise<void>;
  private readonly commitListeners = new Set<(commit: CommitInfo) => void>();

  /** A store in memory holding `state` (a loaded seed). */
  constructor(state: ServerState, options?: StoreOptions);
  /** A store on an opened database that already holds data. */
  constructor(db: Database, options?: StoreOptions);
  constructor(source: ServerState | Database, options: StoreOptions = {}) {
    const db = 'portals' in source ? openDatabase(options.path ?? ':memory:') : source;
    this.sql = new Sql(db);
    this.scratchFile = options.scratchFile;
    this.resetReady = options.resetReady ?? Promise.resolve();
    this.resetReady.catch(() => {
      // Heard by a reset, which cannot go on without the copy.
    });
    if ('portals' in source) Store.seed(db, source);
    this.portalViews = this.makeViews();
    this.mapHosts();
    if ('portals' in source) {
      // An in-memory store keeps what it goes back to as text, far smaller than the objects.
      this.resetDoc = JSON.stringify(options.resetTo ?? source);
    } else if (options.resetFile) {
      this.snapshot = options.resetFile;
    } else {
      this.snapshot = resetFilePath();
      if (options.resetTo) this.buildSnapshot(options.resetTo);
      // The data as opened, copied by SQLite itself (a plain copy of the file would open it a
      // second time, and closing that would drop SQLite's locks on it).
      else this.sql.run('VACUUM INTO ?', [this.snapshot]);
    }
  }

  /** The state to reset to, as a database of its own. */
  private buildSnapshot(state: ServerState): void {
    const db = openDatabase(this.snapshot!, { bulkLoad: true });
    try {
      Store.seed(db, state);
    } finally {
      db.close();
    }
  }

  private resetDocument(portalId: number): PortalData | undefined {
    if (this.resetDoc) return (JSON.parse(this.resetDoc) as ServerState).portals.find((p) => p.id === portalId);
    // Read only: the reset copy may be a link to a compiled seed of the cache, which nobody writes.
    const copy = new Sql(openDatabase(this.snapshot!, { readOnly: true }));
    try {
      return portalIds(copy).includes(portalId) ? readPortal(copy, portalId) : undefined;
    } finally {
      copy.close();
    }
  }

  private mapHosts(): void {
    this.byHost = new Map(this.portalViews.flatMap((p) => p.hosts.map((h) => [h, p] as const)));
  }

  private makeViews(): Portal[] {
    return portalIds(this.sql).map((id) => new Portal(this.sql, id));
  }

  /** True when the database holds no portal yet (a new data file). */
  static isEmpty(db: Database): boolean {
    return portalIds(new Sql(db)).length === 0;
  }

  /** Seeds an empty database in one transaction. */
  static seed(db: Database, state: ServerState): void {
    const sql = new Sql(db);
    sql.exec('BEGIN IMMEDIATE');
    try {
      insertPortals(sql, state.portals);
      sql.exec('COMMIT');
    } catch (err) {
      sql.exec('ROLLBACK');
      throw err;
    }
  }

  get portals(): Portal[] {
    return this.portalViews;
  }

  /** Every portal as a document (seed-file format 1), as `fp server dump` writes it. */
  get state(): ServerState {
    return { format: 1, portals: portalIds(this.sql).map((id) => readPortal(this.sql, id)) };
  }

  /** The portal for a Host header (name without port); the default portal answers unknown hosts. */
  portalForHost(hostHeader: string | undefined): Portal {
    const host = stripPort(hostHeader ?? '').toLowerCase();
    return this.byHost.get(host) ?? this.portals.find((p) => p.default) ?? this.portals[0];
  }

  /**
   * Runs `fn`'s writes as one unit: all of them or, when it throws, none. They
   * join the open batch, which commits after this turn of the event loop; only
   * the synchronous part of `fn` is covered.
   */
  transaction<T>(fn: () => T): T {
    return this.write(fn);
  }

  /**
   * Runs `fn` as `transaction` does, for writes nothing waits to see on disk (a webhook
   * delivery's outcome): they are seen at once, but their commit waits up to `maxWaitMs`
   * for the next write to share it (and its fsync), so they add no commits of their own
   * under load. A crash before that commit loses them, as it would a moment earlier.
   */
  lazyTransaction<T>(fn: () => T, maxWaitMs = 100): T {
    return this.write(fn, maxWaitMs);
  }

  private write<T>(fn: () => T, lazyMs?: number): T {
    if (this.depth > 0) return fn();
    this.openBatch(lazyMs);
    this.sql.exec('SAVEPOINT request');
    this.depth++;
    try {
      const result = fn();
      this.sql.exec('RELEASE request');
      return result;
    } catch (err) {
      this.sql.exec('ROLLBACK TO request');
      this.sql.exec('RELEASE request');
      throw err;
    } finally {
      this.depth--;
    }
  }

  /** The open batch, or a new one; it commits after this turn, or (lazy only) after `lazyMs`. */
  private openBatch(lazyMs?: number): void {
    if (this.batch) {
      if (lazyMs === undefined) this.hurry(this.batch);
      return;
    }
    this.sql.exec('BEGIN IMMEDIATE');
    const batch: Batch = { waiters: [] };
    this.batch = batch;
    if (lazyMs === undefined) setImmediate(() => this.flush(batch));
    else batch.lazy = setTimeout(() => this.flush(batch), lazyMs);
  }

  /** A lazy batch joined by a write, or waited for, commits after this turn like any other. */
  private hurry(batch: Batch): void {
    if (batch.lazy === undefined) return;
    clearTimeout(batch.lazy);
    batch.lazy = undefined;
    setImmediate(() => this.flush(batch));
  }

  private flush(batch: Batch): void {
    if (this.batch !== batch) return;
    const commit: CommitInfo = { lazyOnly: batch.lazy !== undefined };
    clearTimeout(batch.lazy);
    this.batch = undefined;
    try {
      this.sql.exec('COMMIT');
    } catch (err) {
      try {
        this.sql.exec('ROLLBACK');
      } catch {
        // The failed commit already ended the transaction.
      }
      for (const w of batch.waiters) w.reject(err);
      return;
    }
    for (const w of batch.waiters) w.resolve();
    for (const listener of this.commitListeners) listener(commit);
  }

  /** Calls `listener` after each commit of writes (the webhook queue looks for new deliveries then); returns the unsubscribe. */
  onCommit(listener: (commit: CommitInfo) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** Resolves once every write made so far is committed; rejects when their commit failed (they are then undone). */
  commit(): Promise<void> {
    const batch = this.batch;
    if (!batch) return Promise.resolve();
    this.hurry(batch);
    return new Promise((resolve, reject) => batch.waiters.push({ resolve, reject }));
  }

  /** Resolves once `reset` can run: its copy of the start is in place. */
  whenResettable(): Promise<void> {
    return this.resetReady;
  }

  /** Put one portal back as it was at start (its id counters too); after `whenResettable`. */
  reset(portalId: number): void {
    const fresh = this.resetDocument(portalId);
    if (!fresh) return;
    this.transaction(() => replacePortal(this.sql, fresh));
    this.portals.find((p) => p.id === portalId)?.reload();
    this.mapHosts();
  }

  /** Commits what is pending (lazy writes too) and closes the database. */
  close(): void {
    if (this.batch) this.flush(this.batch);
    this.sql.close();
    if (this.snapshot) removeDatabaseFile(this.snapshot);
    if (this.scratchFile) removeDatabaseFile(this.scratchFile);
  }
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon > -1 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}
