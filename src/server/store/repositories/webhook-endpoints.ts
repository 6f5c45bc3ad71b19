import type { PortalScope } from './portal-scope.js';

/** A webhook endpoint of a portal (the reference server's `/__reference/webhooks`). */
export interface WebhookEndpointRecord {
  id: number;
  url: string;
  /** Event names it receives; empty: every event. */
  events: string[];
  secret: string;
  enabled: boolean;
  consecutive_failures: number;
  disabled_reason: string | null;
  created_at: string;
}

type Row = Record<string, unknown>;

const COLUMNS = 'id, url, events, secret, enabled, consecutive_failures, disabled_reason, created_at';

function fromRow(row: Row): WebhookEndpointRecord {
  return {
    id: Number(row.id),
    url: String(row.url),
    events: JSON.parse(String(row.events)) as string[],
    secret: String(row.secret),
    enabled: row.enabled === 1,
    consecutive_failures: Number(row.consecutive_failures),
    disabled_reason: (row.disabled_reason as string | null) ?? null,
    created_at: String(row.created_at),
  };
}

/** A portal's webhook endpoints: a small table, read by id or whole. */
export class WebhookEndpointRepository {
  constructor(private readonly scope: Pick<PortalScope, 'sql' | 'portalId'>) {}

  /** Oldest first. */
  list(): WebhookEndpointRecord[] {
    const { sql, portalId } = this.scope;
    return sql
      .all<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE portal_id = ? ORDER BY id`, [portalId])
      .map(fromRow);
  }

  get(id: number): WebhookEndpointRecord | undefined {
    const { sql, portalId } = this.scope;
    const row = sql.one<Row>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE portal_id = ? AND id = ?`, [portalId, id]);
    return row === undefined ? undefined : fromRow(row);
  }

  count(): number {
    const { sql, portalId } = this.scope;
    return sql.value<number>('SELECT count(*) FROM webhook_endpoints WHERE portal_id = ?', [portalId]) ?? 0;
  }

  /** The new endpoint's id. */
  insert(e: Omit<WebhookEndpointRecord, 'id'>): number {
    const { sql, portalId } = this.scope;
    sql.run(
      `INSERT INTO webhook_endpoints (portal_id, url, events, secret, enabled, consecutive_failures, disabled_reason, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        portalId,
        e.url,
        JSON.stringify(e.events),
        e.secret,
        e.enabled ? 1 : 0,
        e.consecutive_failures,
        e.disabled_reason,
        e.created_at,
      ],
    );
    return sql.value<number>('SELECT last_insert_rowid()')!;
  }

  update(id: number, patch: Partial<Omit<WebhookEndpointRecord, 'id'>>): void {
    const { sql, portalId } = this.scope;
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [field, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      sets.push(`${field} = ?`);
      values.push(field === 'events' ? JSON.stringify(value) : typeof value === 'boolean' ? Number(value) : value);
    }
    if (sets.length === 0) return;
    sql.run(`UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE portal_id = ? AND id = ?`, [
      ...values,
      portalId,
      id,
    ]);
  }

  /** A delivery went through: the count of failed ones in a row starts again (nothing is written when it is 0). */
  clearFailures(id: number): void {
    const { sql, portalId } = this.scope;
    sql.run(
      'UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE portal_id = ? AND id = ? AND consecutive_failures > 0',
      [portalId, id],
    );
  }

  /** The endpoint goes with its delivery log. */
  delete(id: number): void {
    const { sql, portalId } = this.scope;
    sql.run('DELETE FROM webhook_endpoints WHERE portal_id = ? AND id = ?', [portalId, id]);
    sql.run('DELETE FROM webhook_deliveries WHERE portal_id = ? AND endpoint_id = ?', [portalId, id]);
  }
}
