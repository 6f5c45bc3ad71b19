import type { Comment } from '../../../contract/schemas/comment.js';
import { humanDate, truncate } from '../../output/cells.js';
import type { Column } from '../../output/output.js';
import { threadPrefix, type ThreadRow } from './thread.js';

const TEXT_WIDTH = 60;

export function commentMarks(c: Comment): string {
  return [c.pinned_to_top ? 'pinned' : '', c.tagged_for_changelog ? 'changelog' : ''].filter(Boolean).join(' ');
}

/** The list table: replies indented under their parents in the TEXT column. */
export const threadColumns: Column<ThreadRow>[] = [
  { header: 'ID', value: (r) => r.comment.id },
  { header: 'AUTHOR', value: (r) => r.comment.author.name, max: 30 },
  {
    header: 'TEXT',
    value: (r) => threadPrefix(r.depth) + truncate(r.comment.comment, TEXT_WIDTH),
    max: TEXT_WIDTH + threadPrefix(1).length,
    // Table cells are flattened before display; put the indentation back.
    style: (text, r) => (r.depth > 1 ? '  '.repeat(r.depth - 1) + text : text),
  },
  { header: 'VOTES', value: (r) => r.comment.votes_count },
  { header: 'MARKS', value: (r) => commentMarks(r.comment) },
  { header: 'STATUS', value: (r) => r.comment.moderation_status },
  { header: 'CREATED', value: (r) => humanDate(r.comment.created_at) },
];

/** One comment, as shown after create and update. */
export const commentFields: Column<Comment>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'AUTHOR', value: (c) => c.author.name },
  { header: 'TEXT', value: (c) => c.comment, max: 500 },
  { header: 'PARENT', value: (c) => c.parent_id },
  { header: 'VOTES', value: (c) => c.votes_count },
  { header: 'MARKS', value: (c) => commentMarks(c) },
  { header: 'STATUS', value: (c) => c.moderation_status },
  { header: 'CREATED', value: (c) => humanDate(c.created_at) },
  { header: 'URL', value: (c) => c.url },
];
