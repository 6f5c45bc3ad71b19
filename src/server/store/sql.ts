import type { Database, Statement } from './database.js';

/** Prepared statements, each prepared once per connection and reused. */
export class Sql {
  private readonly statements = new Map<string, Statement>();

  constructor(readonly db: Database) {}

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
    return this.statement(sql).all(params)[0] as T | undefined;
  }

  /** The first column of the first row. */
  value<T>(sql: string, params: unknown[] = []): T | undefined {
    const row = this.statement(sql).all(params)[0] as Record<string, T> | undefined;
    return row === undefined ? undefined : Object.values(row)[0];
  }

  run(sql: string, params: unknown[] = []): number {
    return this.statement(sql).run(params).changes;
  }

  exec(sql: string): void {
    this.db.exec(sql);
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
