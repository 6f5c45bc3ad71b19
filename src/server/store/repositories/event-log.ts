import type { EventRecord } from '../../../seed-file/seed-file.js';
import type { PortalScope } from './portal-scope.js';
import { EVENTS, insertRow } from '../tables.js';
import { readEnvelope } from './event-envelope.js';

/** An entry of the events log and its position, which only grows (a cursor for following the log). */
export interface LoggedEvent extends EventRecord {
  position: number;
  /** The envelope's id, for the portal's events (post.created, …). */
  event_id: string | null;
}

type Row = Record<string, unknown>;

/**
 * What the portal emitted, in order: its events (envelopes), notification mail and jobs.
 * The portal's events are those whose type names one (`comment.created`); their id is
 * the envelope's (schema migration 5 derives it).
 */
export class EventLogRepository {
  constructor(private readonly scope: PortalScope) {}

  append(e: EventRecord): void {
    insertRow(this.scope.sql, EVENTS, this.scope.portalId, e);
  }

  /** Every entry as recorded, oldest first (what a dump holds). */
  records(): EventRecord[] {
    return this.scope.all(EVENTS);
  }

  /** Entries after a position, oldest first; only the portal's events when `portalOnly`. */
  list(opts: { after?: number; portalOnly?: boolean; limit?: number } = {}): LoggedEvent[] {
    const { sql, portalId } = this.scope;
    const only = opts.portalOnly ? 'AND event_id IS NOT NULL' : '';
    return sql
      .all<Row>(
        `SELECT row, event_id, ${EVENTS.select} FROM events WHERE portal_id = ? AND row > ? ${only} ORDER BY row LIMIT ?`,
        [portalId, opts.after ?? 0, opts.limit ?? -1],
      )
      .map((row) => ({
        ...EVENTS.fromRow(row),
        position: Number(row.row),
        event_id: (row.event_id as string | null) ?? null,
      }));
  }

  /** The id of the portal's latest event of a type. */
  latestId(type: string): string | undefined {
    const { sql, portalId } = this.scope;
    return sql.value<string>(
      'SELECT event_id FROM events WHERE portal_id = ? AND type = ? AND event_id IS NOT NULL ORDER BY row DESC LIMIT 1',
      [portalId, type],
    );
  }

  /** When one of the portal's events happened (ISO, to the millisecond). */
  occurredAt(eventId: string): string | undefined {
    const { sql, portalId } = this.scope;
    return sql.value<string>(
      'SELECT occurred_at FROM events INDEXED BY events_by_event_id WHERE portal_id = ? AND event_id = ? AND event_id IS NOT NULL',
      [portalId, eventId],
    );
  }

  /** The envelope of one of the portal's events exactly as stored (the bytes a delivery sends). */
  envelopeText(eventId: string): string | undefined {
    return readEnvelope(this.scope.sql, this.scope.portalId, eventId);
  }
}
