import type { PostRecord } from '../../seed-file/seed-file.js';

/** What a new post is given; the rest starts empty, unvoted and unread. */
export type NewPostFields = Pick<
  PostRecord,
  | 'key'
  | 'database_id'
  | 'title'
  | 'description'
  | 'author_id'
  | 'tab_id'
  | 'section_id'
  | 'status_id'
  | 'category_ids'
  | 'slug'
  | 'sort_order'
>;

/** A post written by the portal's team at `at` (an API post, a synced article): approved, no votes yet. */
export function newApprovedPost(fields: NewPostFields, at: string): PostRecord {
  return {
    ...fields,
    tag_ids: [],
    moderation_status: 'approved',
    votes_count: 0,
    views_count: 0,
    published: true,
    platform: null,
    version: null,
    release: null,
    created_at: at,
    updated_at: at,
    latest_status_change_at: at,
    moderated_by: null,
    moderated_at: null,
  };
}
