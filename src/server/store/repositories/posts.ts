import type { PostRecord } from '../../../seed-file/seed-file.js';
import { insertPost, POST_SELECT, POSTS, postFromRow, setPostLinks, updateRow } from '../tables.js';
import type { PortalScope } from './portal-scope.js';
import { postCondition, postOrder, talliedCount, type PostFilter, type PostOrder } from './post-list-query.js';
import { ensureOrderIndex } from './post-order-index.js';

type Row = Record<string, unknown>;

/** What presenting a post needs besides its record, read by the same query. */
interface PostExtras {
  approvedComments: number;
  changelog: string | null;
}

/** Tables a post's rows are spread over, and the column naming the post in each. */
const POST_ROWS: Array<[table: string, column: string]> = [
  ['posts', 'key'],
  ['post_categories', 'post_key'],
  ['post_tags', 'post_key'],
  ['comments', 'post_key'],
  ['post_references', 'post_key'],
  ['anonymous_votes', 'post_key'],
  ['user_votes', 'post_key'],
];

/**
 * A portal's posts with their category and tag links. Every read also keeps
 * the post's approved-comment count and changelog text, which presenting it
 * asks for next, until the next write.
 */
export class PostRepository {
  private extras = new Map<string, PostExtras>();
  private extrasGeneration = -1;

  constructor(private readonly scope: PortalScope) {}

  /** Every post in the order they were created (for dumps and tests; requests use the indexed reads). */
  list(): PostRecord[] {
    return this.read(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? ORDER BY row`, [this.scope.portalId]);
  }

  get(key: string): PostRecord | undefined {
    return this.read(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? AND key = ?`, [this.scope.portalId, key])[0];
  }

  /** The posts of a tab, in the order they were created. */
  inTab(tabId: number): PostRecord[] {
    return this.read(`SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? AND tab_id = ? ORDER BY row`, [
      this.scope.portalId,
      tabId,
    ]);
  }

  /**
   * One page of the posts the filter selects, in the order asked, and how many there are in all.
   * A page past the middle is read from the list's end, in the reversed order, so no page walks
   * more than half of the list's index (D-POSTS-DEEP-PAGES).
   */
  page(filter: PostFilter, order: PostOrder, skip: number, limit: number): { posts: PostRecord[]; total: number } {
    const { where, params } = postCondition(this.scope.portalId, filter);
    const tallied = talliedCount(this.scope.portalId, filter);
    const total =
      (tallied
        ? this.scope.sql.value<number>(
            `SELECT coalesce(sum(n), 0) FROM post_counts WHERE ${tallied.where}`,
            tallied.params,
          )
        : this.scope.sql.value<number>(`SELECT count(*) FROM posts WHERE ${where}`, params)) ?? 0;
    const end = Math.min(skip + limit, total);
    if (skip >= end) return { posts: [], total };
    const reversed = total - end < skip;
    ensureOrderIndex(this.scope.sql, order);
    const posts = this.read(
      `SELECT ${POST_SELECT} FROM posts WHERE ${where} ORDER BY ${postOrder(order, reversed)} LIMIT ? OFFSET ?`,
      [...params, end - skip, reversed ? total - end : skip],
    );
    return { posts: reversed ? posts.reverse() : posts, total };
  }

  /** Posts in a moderation state, highest id first, below a cursor id when given. */
  byModeration(
    status: PostRecord['moderation_status'],
    below: number | undefined,
    limit: number,
    offset = 0,
  ): PostRecord[] {
    return this.read(
      `SELECT ${POST_SELECT} FROM posts WHERE portal_id = ? AND moderation_status = ? AND database_id < ?
       ORDER BY database_id DESC LIMIT ? OFFSET ?`,
      [this.scope.portalId, status, below ?? Number.MAX_SAFE_INTEGER, limit, offset],
    );
  }

  /** Approved comments of a post, replies included. */
  approvedCommentCount(key: string): number {
    return this.extrasOf(key)?.approvedComments ?? 0;
  }

  /** The text of the approved comment of a post tagged for the changelog, if any. */
  changelogText(key: string): string | undefined {
    return this.extrasOf(key)?.changelog ?? undefined;
  }

  /** The highest sort order of the portal's posts, 0 when there is none. */
  highestSortOrder(): number {
    const { sql, portalId } = this.scope;
    return sql.value<number>('SELECT coalesce(max(sort_order), 0) FROM posts WHERE portal_id = ?', [portalId]) ?? 0;
  }

  /** The next database id of a post. */
  nextId(): number {
    return this.scope.nextId('posts');
  }

  insert(post: PostRecord): void {
    insertPost(this.scope.sql, this.scope.portalId, post);
  }

  update(key: string, patch: Partial<PostRecord>): void {
    const { category_ids, tag_ids, ...rest } = patch;
    updateRow(this.scope.sql, POSTS, this.scope.portalId, { key }, rest);
    if (category_ids || tag_ids) setPostLinks(this.scope.sql, this.scope.portalId, key, category_ids, tag_ids);
  }

  /** Posts go with their comments, references and votes. */
  delete(keys: string[]): void {
    for (const key of keys)
      for (const [table, column] of POST_ROWS)
        this.scope.sql.run(`DELETE FROM ${table} WHERE portal_id = ? AND ${column} = ?`, [this.scope.portalId, key]);
  }

  /** Posts from a query of POST_SELECT; their extras are kept for presenting them. */
  private read(query: string, params: unknown[]): PostRecord[] {
    const { sql } = this.scope;
    if (this.extrasGeneration !== sql.generation) {
      this.extras = new Map();
      this.extrasGeneration = sql.generation;
    }
    return sql.all<Row>(query, params).map((row) => {
      const post = postFromRow(row);
      this.extras.set(post.key, {
        approvedComments: Number(row.approved_comments),
        changelog: (row.changelog_text as string | null) ?? null,
      });
      return post;
    });
  }

  private extrasOf(key: string): PostExtras | undefined {
    if (this.extrasGeneration === this.scope.sql.generation && this.extras.has(key)) return this.extras.get(key);
    this.get(key);
    return this.extras.get(key);
  }
}
