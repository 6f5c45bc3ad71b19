import type { Sql } from '../sql.js';
import { readAll, STORE_SEQUENCES, type SequenceName } from '../portal-document.js';
import type { TableSpec } from '../tables.js';

type Row = Record<string, unknown>;

/**
 * What every repository of one portal stands on: the connection, the portal's
 * id, its id counters and a cache of small tables. Repositories hold no state
 * of their own, so two of them never disagree about a row.
 */
export class PortalScope {
  /** Small tables as last read; any write makes them stale (see `Sql.generation`). */
  private readonly cache = new Map<string, { generation: number; value: unknown }>();

  constructor(
    readonly sql: Sql,
    readonly portalId: number,
  ) {}

  /** The next id of a kind: one past the highest ever handed out at this portal. */
  nextId(name: SequenceName): number {
    return this.advance(this.portalId, name);
  }

  /** The next section id: one past the highest ever handed out in the whole store (section ids span portals). */
  nextSectionId(): number {
    return this.advance(STORE_SEQUENCES, 'sections');
  }

  private advance(owner: number, name: string): number {
    this.sql.run('UPDATE sequences SET last = last + 1 WHERE portal_id = ? AND name = ?', [owner, name]);
    return this.sql.value<number>('SELECT last FROM sequences WHERE portal_id = ? AND name = ?', [owner, name])!;
  }

  /** Every row of the portal in a table, in insertion order. */
  all<R>(spec: TableSpec<R>, order = 'row'): R[] {
    return readAll(this.sql, spec, this.portalId, order);
  }

  /** The first row of the portal matching `where`. */
  first<R>(spec: TableSpec<R>, where: string, params: unknown[]): R | undefined {
    const row = this.sql.one<Row>(`SELECT ${spec.select} FROM ${spec.table} WHERE portal_id = ? AND ${where} LIMIT 1`, [
      this.portalId,
      ...params,
    ]);
    return row === undefined ? undefined : spec.fromRow(row);
  }

  /** Rows of the portal matching `where`, in `order`, one page when `limit` is given. */
  list<R>(spec: TableSpec<R>, where: string, params: unknown[], order = 'row', limit = -1, offset = 0): R[] {
    return this.sql
      .all<Row>(
        `SELECT ${spec.select} FROM ${spec.table} WHERE portal_id = ? AND ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [this.portalId, ...params, limit, offset],
      )
      .map(spec.fromRow);
  }

  /** A value computed from the database, kept until the next write. */
  cached<T>(key: string, compute: () => T): T {
    return this.sql.cached(this.cache, key, compute) as T;
  }

  /** A small table of the portal by id, read once until the next write; callers get copies. */
  byId<R extends { id: unknown }>(spec: TableSpec<R>, id: unknown): R | undefined {
    const map = this.cached(
      `${spec.table}:by-id`,
      () =>
        new Map(
          this.all(spec)
            .reverse()
            .map((r) => [r.id, r]),
        ),
    );
    const hit = map.get(id);
    return hit === undefined ? undefined : { ...hit };
  }
}
