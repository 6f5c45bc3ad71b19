import type { Database, Statement } from './database.js';

/** Prepared statements, each prepared once per connection and reused. */
export class Sql {
  private readonly statements = new Map<string, Statement>();
  /** Counts statements that may have changed data; what was read at an older count may be stale. */
  generation = 0;

  constructor(readonly db: Database) {}

  /** The prepared statement itself, for callers that run it many times in a row. */
  prepare(sql: string): Statement {
    return this.statement(sql);
  }

  private statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  all<T>(sql: string, params: unknown[] = []): T[] {
    return this.statement(sql).all(params) as T[];
  }

  one<T>(sql: string, params: unknown[] = []): T | undefined {
    const row = this.statement(sql).get(params) as (T & { _metadata?: unknown }) | undefined;
    // libsql adds timing metadata to the row `get` returns.
    if (row) delete row._metadata;
    return row;
  }

  /** The first column of the first row. */
  value<T>(sql: string, params: unknown[] = []): T | undefined {
    const row = this.one<Record<string, T>>(sql, params);
    return row === undefined ? undefined : Object.values(row)[0];
  }

  run(sql: string, params: unknown[] = []): number {
    this.generation++;
    return this.statement(sql).run(params).changes;
  }

  exec(sql: string): void {
    this.generation++;
    this.db.exec(sql);
  }

  /** A value computed from the database, kept until something may have changed it. */
  cached<T>(cache: Map<string, { generation: number; value: T }>, key: string, compute: () => T): T {
    const hit = cache.get(key);
    if (hit && hit.generation === this.generation) return hit.value;
    const value = compute();
    cache.set(key, { generation: this.generation, value });
    return value;
  }

  /**
   * Moves everything into the main file (the WAL is emptied) and closes. libsql
   * keeps a connection open while statements of it live, so they are dropped too.
   */
  close(): void {
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    this.statements.clear();
    this.db.close();
  }
}
