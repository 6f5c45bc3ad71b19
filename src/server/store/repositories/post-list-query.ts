import type { PostRecord } from '../../../seed-file/seed-file.js';

/** What a post list shows, as the domain decides it; every field given must hold. */
export interface PostFilter {
  moderation_status: PostRecord['moderation_status'];
  /** Leave out posts on knowledge-base tabs. */
  hideKnowledgeBase: boolean;
  tabId?: number | null;
  /** A section id or slug (a section matches either). */
  section?: string;
  categoryId?: number;
  statusIds?: number[];
  tagIds?: string[];
  platform?: string;
  version?: string;
  release?: string;
}

export interface PostOrder {
  /** An `order_by` name; names without a field order by id alone. */
  by: string;
  direction: 'asc' | 'desc';
}

/**
 * What each `order_by` name sorts on, in MySQL's manner: NULL first ascending,
 * strings without regard to case. Ties, and names without a field, go by
 * ascending id whatever the direction, so pages never overlap.
 */
const ORDER_COLUMNS: Record<string, string> = {
  id: 'database_id',
  title: 'title_lc',
  created_at: 'created_ms',
  updated_at: 'updated_ms',
  content_updated_at: 'updated_ms',
  votes_count: 'votes_count',
  comments_count: 'comments_count',
  latest_status_change: 'latest_status_change_ms',
  latest_vote: 'latest_vote_ms',
  views: 'views_count',
  order: 'sort_order',
  platform: 'lower(platform)',
  version: 'lower(version)',
  release: 'lower(release)',
  author: 'author_name_lc',
  section: 'section_id',
};

/**
 * The index that holds a list in an order: the filter's fixed terms first, then the
 * order's column and the id that breaks ties, then the tab (a tab's list reads no
 * post row either). Read backwards it holds the reversed order; `id` needs one
 * index for both directions, every other column one per direction.
 */
export function orderIndex(order: PostOrder): { name: string; sql: string } {
  const column = ORDER_COLUMNS[order.by] ?? 'database_id';
  const desc = column !== 'database_id' && order.direction === 'desc';
  const name = `posts_listed_by_${column.replace(/\W+/g, '_').replace(/_$/, '')}${desc ? '_desc' : ''}`;
  const key = column === 'database_id' ? 'database_id' : `${column}${desc ? ' DESC' : ''}, database_id`;
  return {
    name,
    sql: `CREATE INDEX IF NOT EXISTS ${name} ON posts (portal_id, moderation_status, on_kb_tab, ${key}, tab_id)`,
  };
}

export interface Condition {
  where: string;
  params: unknown[];
}

/** The WHERE clause of a post list (subqueries name the portal by parameter, so SQLite runs them once per query). */
export function postCondition(portalId: number, filter: PostFilter): Condition {
  const where = ['portal_id = ?', 'moderation_status = ?'];
  const params: unknown[] = [portalId, filter.moderation_status];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  const marks = (values: unknown[]) => values.map(() => '?').join(', ') || 'NULL';
  // Whether a post is on a knowledge-base tab is kept on it, so these lists are ranges of an order's index.
  if (filter.hideKnowledgeBase) add('on_kb_tab = 0');
  if (filter.tabId !== undefined)
    add(
      "on_kb_tab = EXISTS (SELECT 1 FROM tabs WHERE portal_id = ? AND id = ? AND type = 'knowledge_base') AND tab_id = ?",
      portalId,
      filter.tabId,
      filter.tabId,
    );
  if (filter.section !== undefined)
    add(
      'section_id IN (SELECT id FROM sections WHERE portal_id = ? AND (CAST(id AS TEXT) = ? OR slug = ?))',
      portalId,
      filter.section,
      filter.section,
    );
  if (filter.categoryId !== undefined)
    add(
      'EXISTS (SELECT 1 FROM post_categories c WHERE c.portal_id = posts.portal_id AND c.post_key = posts.key AND c.category_id = ?)',
      filter.categoryId,
    );
  if (filter.statusIds !== undefined) add(`status_id IN (${marks(filter.statusIds)})`, ...filter.statusIds);
  if (filter.tagIds !== undefined)
    add(
      `EXISTS (SELECT 1 FROM post_tags t WHERE t.portal_id = posts.portal_id AND t.post_key = posts.key AND t.tag_id IN (${marks(filter.tagIds)}))`,
      ...filter.tagIds,
    );
  for (const field of ['platform', 'version', 'release'] as const)
    if (filter[field] !== undefined) add(`${field} = ?`, filter[field]);
  return { where: where.join(' AND '), params };
}

/**
 * The ORDER BY clause of a post list or, `reversed`, of the same list read from
 * its end (each order has an index, which SQLite reads either way).
 */
export function postOrder(order: PostOrder, reversed = false): string {
  const column = ORDER_COLUMNS[order.by];
  const dir = (descending: boolean) => (descending !== reversed ? 'DESC' : 'ASC');
  if (column === undefined || column === 'database_id')
    return `database_id ${dir(column !== undefined && order.direction === 'desc')}`;
  return `${column} ${dir(order.direction === 'desc')}, database_id ${dir(false)}`;
}

/**
 * How many posts a filter naming only the moderation state and a tab selects,
 * from the tallies the triggers keep; none for other filters, which are counted.
 */
export function talliedCount(portalId: number, filter: PostFilter): Condition | undefined {
  const tallied = Object.entries(filter).every(
    ([k, v]) =>
      v === undefined ||
      k === 'moderation_status' ||
      k === 'hideKnowledgeBase' ||
      (k === 'tabId' && typeof v === 'number' && v > 0),
  );
  if (!tallied) return undefined;
  const where = ['portal_id = ?', 'moderation_status = ?'];
  const params: unknown[] = [portalId, filter.moderation_status];
  if (filter.hideKnowledgeBase) {
    where.push("(tab_key = 0 OR tab_key NOT IN (SELECT id FROM tabs WHERE portal_id = ? AND type = 'knowledge_base'))");
    params.push(portalId);
  }
  if (filter.tabId !== undefined) {
    where.push('tab_key = ?');
    params.push(filter.tabId);
  }
  return { where: where.join(' AND '), params };
}
