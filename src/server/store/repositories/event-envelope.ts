import type { Sql } from '../sql.js';

/** The envelope of one of a portal's events exactly as stored (the bytes a delivery sends). */
export function readEnvelope(sql: Sql, portalId: number, eventId: string): string | undefined {
  return sql.value<string>(
    'SELECT payload FROM events INDEXED BY events_by_event_id WHERE portal_id = ? AND event_id = ? AND event_id IS NOT NULL',
    [portalId, eventId],
  );
}
