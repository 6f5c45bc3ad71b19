import type { DeliveryState } from '../../../contract/schemas/webhook.js';
import type { PortalScope } from './portal-scope.js';

/** One event's delivery to one endpoint, and how its attempts went. */
export interface DeliveryRecord {
  /** Its place in the queue: an endpoint's deliveries go out in this order. */
  row: number;
  endpoint_id: number;
  event_id: string;
  event: string;
  status: DeliveryState;
  /** Attempts made so far. */
  attempt: number;
  /** When the next attempt may start (epoch ms), while the delivery waits. */
  due_ms: number | null;
  response_status: number | null;
  error: string | null;
  delivered_at: string | null;
}

type Row = Record<string, unknown>;

const COLUMNS = 'row, endpoint_id, event_id, event, status, attempt, due_ms, response_status, error, delivered_at';
const WAITING = "status IN ('pending', 'retrying')";

function fromRow(row: Row): DeliveryRecord {
  return {
    row: Number(row.row),
    endpoint_id: Number(row.endpoint_id),
    event_id: String(row.event_id),
    event: String(row.event),
    status: row.status as DeliveryState,
    attempt: Number(row.attempt),
    due_ms: row.due_ms === null ? null : Number(row.due_ms),
    response_status: row.response_status === null ? null : Number(row.response_status),
    error: (row.error as string | null) ?? null,
    delivered_at: (row.delivered_at as string | null) ?? null,
  };
}

/** The delivery queue and log of a portal's webhook endpoints, kept in the database so it survives a restart. */
export class DeliveryRepository {
  constructor(private readonly scope: Pick<PortalScope, 'sql' | 'portalId'>) {}

  /**
   * One delivery of an event to each endpoint whose filter takes it, in one statement (the
   * request path's whole share of delivery): due at once, or logged as not sent, with
   * `disabledReason`, for a disabled endpoint.
   */
  enqueue(eventId: string, event: string, dueMs: number, disabledReason: string): void {
    const { sql, portalId } = this.scope;
    sql.run(
      `INSERT INTO webhook_deliveries (portal_id, endpoint_id, event_id, event, status, due_ms, error)
       SELECT portal_id, id, ?, ?, iif(enabled, 'pending', 'skipped'), iif(enabled, ?, NULL), iif(enabled, NULL, ?)
       FROM webhook_endpoints WHERE portal_id = ?
         AND (events = '[]' OR EXISTS (SELECT 1 FROM json_each(events) WHERE value = ?)) ORDER BY id`,
      [eventId, event, dueMs, disabledReason, portalId, event],
    );
  }

  /** The endpoint's oldest waiting delivery: the only one that may be sent (order per endpoint). */
  head(endpointId: number): DeliveryRecord | undefined {
    const { sql, portalId } = this.scope;
    const row = sql.one<Row>(
      `SELECT ${COLUMNS} FROM webhook_deliveries INDEXED BY webhook_deliveries_waiting
       WHERE endpoint_id = ? AND ${WAITING} AND portal_id = ? ORDER BY row LIMIT 1`,
      [endpointId, portalId],
    );
    return row === undefined ? undefined : fromRow(row);
  }

  /**
   * The endpoint's oldest waiting delivery after the given place in the queue (those before it
   * are under way or settled, their outcome not yet committed).
   */
  nextWaiting(endpointId: number, afterRow: number): DeliveryRecord | undefined {
    const { sql, portalId } = this.scope;
    const row = sql.one<Row>(
      `SELECT ${COLUMNS} FROM webhook_deliveries INDEXED BY webhook_deliveries_waiting
       WHERE endpoint_id = ? AND ${WAITING} AND row > ? AND portal_id = ? ORDER BY row LIMIT 1`,
      [endpointId, afterRow, portalId],
    );
    return row === undefined ? undefined : fromRow(row);
  }

  /** How many deliveries wait for the endpoint, counting to `atMost` (an index range: no more is read). */
  countWaiting(endpointId: number, atMost = -1): number {
    // Endpoint ids are unique across portals: the index alone answers.
    return (
      this.scope.sql.value<number>(
        `SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries INDEXED BY webhook_deliveries_waiting
         WHERE endpoint_id = ? AND ${WAITING} LIMIT ?)`,
        [endpointId, atMost],
      ) ?? 0
    );
  }

  /** The waiting deliveries of the endpoint after its first `keep` are given up as not sent, with the reason. */
  skipWaitingBeyond(endpointId: number, keep: number, reason: string): number {
    const { sql, portalId } = this.scope;
    const cut = sql.value<number>(
      `SELECT row FROM webhook_deliveries INDEXED BY webhook_deliveries_waiting
       WHERE endpoint_id = ? AND ${WAITING} ORDER BY row LIMIT 1 OFFSET ?`,
      [endpointId, keep],
    );
    if (cut === undefined) return 0;
    return sql.run(
      `UPDATE webhook_deliveries SET status = 'skipped', due_ms = NULL, error = ?
       WHERE endpoint_id = ? AND ${WAITING} AND row >= ? AND portal_id = ?`,
      [reason, endpointId, cut, portalId],
    );
  }

  get(endpointId: number, eventId: string): DeliveryRecord | undefined {
    const { sql, portalId } = this.scope;
    const row = sql.one<Row>(
      `SELECT ${COLUMNS} FROM webhook_deliveries WHERE endpoint_id = ? AND event_id = ? AND portal_id = ?`,
      [endpointId, eventId, portalId],
    );
    return row === undefined ? undefined : fromRow(row);
  }

  /** Newest first. */
  list(endpointId: number, limit = 100): DeliveryRecord[] {
    const { sql, portalId } = this.scope;
    return sql
      .all<Row>(
        `SELECT ${COLUMNS} FROM webhook_deliveries INDEXED BY webhook_deliveries_by_endpoint
         WHERE endpoint_id = ? AND portal_id = ? ORDER BY row DESC LIMIT ?`,
        [endpointId, portalId, limit],
      )
      .map(fromRow);
  }

  /** A waiting delivery answered with a 2xx: whether it was still waiting (not removed, skipped or delivered since). */
  markDelivered(endpointId: number, eventId: string, responseStatus: number, at: string): boolean {
    const { sql, portalId } = this.scope;
    const changed = sql.run(
      `UPDATE webhook_deliveries SET status = 'delivered', attempt = attempt + 1, due_ms = NULL,
         response_status = ?, error = NULL, delivered_at = ?
       WHERE endpoint_id = ? AND event_id = ? AND ${WAITING} AND portal_id = ?`,
      [responseStatus, at, endpointId, eventId, portalId],
    );
    return changed > 0;
  }

  update(
    endpointId: number,
    eventId: string,
    patch: Partial<Omit<DeliveryRecord, 'row' | 'endpoint_id' | 'event_id'>>,
  ): void {
    const { sql, portalId } = this.scope;
    const fields = Object.entries(patch).filter(([, v]) => v !== undefined);
    if (fields.length === 0) return;
    sql.run(
      `UPDATE webhook_deliveries SET ${fields.map(([k]) => `${k} = ?`).join(', ')}
       WHERE endpoint_id = ? AND event_id = ? AND portal_id = ?`,
      [...fields.map(([, v]) => v), endpointId, eventId, portalId],
    );
  }

  /** Every waiting delivery of the endpoint is given up as not sent, with the reason. */
  skipWaiting(endpointId: number, reason: string): void {
    const { sql, portalId } = this.scope;
    sql.run(
      `UPDATE webhook_deliveries SET status = 'skipped', due_ms = NULL, error = ?
       WHERE endpoint_id = ? AND ${WAITING} AND portal_id = ?`,
      [reason, endpointId, portalId],
    );
  }
}
