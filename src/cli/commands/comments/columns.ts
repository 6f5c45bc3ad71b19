import type { Comment } from '../../../contract/schemas/comment.js';
import type { Column } from '../../output/output.js';
import { threadPrefix } from './thread.js';

/** A comment as a table shows it: `depth` (set only for the table) indents a reply under its parent. */
export type CommentRow = Comment & { depth?: number };

function commentMarks(c: Comment): string {
  return [c.pinned_to_top ? 'pinned' : '', c.tagged_for_changelog ? 'changelog' : ''].filter(Boolean).join(' ');
}

/** The list: in a table replies are indented under their parents; CSV and plain rows carry the full text. */
export const commentColumns: Column<CommentRow>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'AUTHOR', field: 'author', value: (c) => c.author.name, max: 30 },
  { header: 'TEXT', field: 'comment', value: (c) => threadPrefix(c.depth ?? 0) + c.comment, max: 64 },
  { header: 'PARENT', field: 'parent_id', value: (c) => c.parent_id },
  { header: 'VOTES', field: 'votes_count', value: (c) => c.votes_count },
  { header: 'MARKS', field: 'pinned_to_top', value: (c) => commentMarks(c) },
  { header: 'STATUS', field: 'moderation_status', value: (c) => c.moderation_status },
  { header: 'CREATED', field: 'created_at', value: (c) => c.created_at, date: true },
];

/** One comment, as shown after create and update. */
export const commentFields: Column<Comment>[] = [
  ...(commentColumns as Column<Comment>[]),
  { header: 'URL', value: (c) => c.url },
];
