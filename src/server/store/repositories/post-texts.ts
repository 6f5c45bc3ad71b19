import type { PortalScope } from './portal-scope.js';
import { postCondition, type PostFilter } from './post-list-query.js';

/** What a search weighs of a post. */
export interface PostTextRow {
  key: string;
  title: string;
  description: string;
  votes_count: number;
  created_ms: number;
}

/** The text of a portal's posts, as the search and the duplicate check read it (D-POST-SEARCH, D-POST-DUPLICATES). */
export class PostTextRepository {
  constructor(private readonly scope: PortalScope) {}

  /** Every post the filter selects, in the order made: its description whole, or its first `descriptionChars`. */
  of(filter: PostFilter, descriptionChars?: number): PostTextRow[] {
    const { where, params } = postCondition(this.scope.portalId, filter);
    const description = descriptionChars === undefined ? 'description' : `substr(description, 1, ${descriptionChars})`;
    return this.scope.sql.all<PostTextRow>(
      `SELECT key, title, ${description} AS description, votes_count, created_ms FROM posts WHERE ${where} ORDER BY row`,
      params,
    );
  }
}
