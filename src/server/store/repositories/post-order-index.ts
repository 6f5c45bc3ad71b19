import type { Sql } from '../sql.js';
import { orderIndex, type PostOrder } from './post-list-query.js';

/**
 * Builds the index of a list's order the first time a list asks for that order
 * (D-POSTS-DEEP-PAGES): a seed load builds only the default order's, and writes
 * keep up only the indexes of orders in use. No answer depends on it: without
 * the index the list is sorted, as it was before. A build that fails (a file
 * opened read-only, the write lock held by another connection) is tried again
 * at the next list in that order.
 */
export function ensureOrderIndex(sql: Sql, order: PostOrder): void {
  const { name, sql: create } = orderIndex(order);
  if (sql.value("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", [name]) !== undefined) return;
  try {
    sql.exec(create);
  } catch {
    // This list is sorted without it.
  }
}
