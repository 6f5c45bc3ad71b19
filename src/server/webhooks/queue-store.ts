import { readEnvelope } from '../store/repositories/event-envelope.js';
import { DeliveryRepository } from '../store/repositories/webhook-deliveries.js';
import { WebhookEndpointRepository } from '../store/repositories/webhook-endpoints.js';
import type { Sql } from '../store/sql.js';
import type { Store } from '../store/store.js';
import type { QueuePortal, QueueStore } from './delivery-lanes.js';
import { beginTurn, endTurn } from './write-turn.js';

/**
 * The queue on the server's own store (a server in memory): an outcome is seen at once and
 * committed with the next request's commit, or within 100 ms, adding no commit of its own
 * under load.
 */
export function storeQueue(store: Store): QueueStore {
  return {
    portals: () => store.portals,
    write(change, { done }) {
      try {
        store.lazyTransaction(change);
      } finally {
        done();
      }
    },
  };
}

/** Outcomes written within this time share one commit. */
const GROUP_MS = 200;
/** …and at most this many. */
const GROUP_SIZE = 1000;

/**
 * The queue on a connection of its own (the delivery thread's). The server's requests write
 * the same file: a transaction here holds SQLite's one write lock, so writes are gathered
 * (GROUP_MS) and each group committed in one short transaction, begun when the server hands
 * the lock over (write-turn.ts) and never held open while waiting. A group lost (a crash
 * before its commit) is sent again, same ids.
 */
export class ConnectionQueue implements QueueStore {
  private pending: Array<{ change: () => void; done: () => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  private list: QueuePortal[] = [];

  constructor(
    private readonly sql: Sql,
    private readonly shared: Int32Array,
    private readonly report: (err: unknown) => void,
  ) {}

  /** BEGIN IMMEDIATE if the lock is free now (the connection does not wait for it by itself). */
  private tryBegin = (): boolean => {
    try {
      this.sql.exec('BEGIN IMMEDIATE');
      return true;
    } catch (err) {
      if (String((err as { code?: unknown }).code).startsWith('SQLITE_BUSY')) return false;
      throw err;
    }
  };

  portals(): readonly QueuePortal[] {
    const ids = this.sql.all<{ id: number }>('SELECT id FROM portals ORDER BY row').map((r) => Number(r.id));
    if (ids.length !== this.list.length || ids.some((id, i) => this.list[i].id !== id)) {
      // What delivery reads of a portal, no more: this thread loads none of the rest of the store.
      this.list = ids.map((id) => {
        const scope = { sql: this.sql, portalId: id };
        return {
          id,
          webhooks: new WebhookEndpointRepository(scope),
          deliveries: new DeliveryRepository(scope),
          eventLog: { envelopeText: (eventId: string) => readEnvelope(this.sql, id, eventId) },
        };
      });
    }
    return this.list;
  }

  write(change: () => void, { soon, done }: { soon: boolean; done: () => void }): void {
    this.pending.push({ change, done });
    if (soon || this.pending.length >= GROUP_SIZE) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), GROUP_MS);
  }

  /** Commits what was written so far; a change that fails is undone alone and reported. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const group = this.pending.splice(0);
    if (group.length === 0) return;
    try {
      if (!beginTurn(this.shared, this.tryBegin)) throw new Error('the database stayed locked: outcomes not written');
      for (const { change } of group) {
        this.sql.exec('SAVEPOINT outcome');
        try {
          change();
          this.sql.exec('RELEASE outcome');
        } catch (err) {
          this.sql.exec('ROLLBACK TO outcome');
          this.sql.exec('RELEASE outcome');
          this.report(err);
        }
      }
      this.sql.exec('COMMIT');
    } catch (err) {
      try {
        this.sql.exec('ROLLBACK');
      } catch {
        // The failed statement already ended the transaction.
      }
      this.report(err);
    } finally {
      endTurn(this.shared);
      for (const { done } of group) done();
    }
  }
}
