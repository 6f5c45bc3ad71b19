import type { Comment } from '../../../contract/schemas/comment.js';
import type { Post } from '../../../contract/schemas/post.js';
import { threadOrder } from '../comments/thread.js';
import { descriptionText } from './description-text.js';

const day = (timestamp: string | null) => (timestamp ?? '').slice(0, 10);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One post as a page to read: its heading lines, the description as text, and the comments threaded. */
export function postPage(post: Post, comments?: readonly Comment[]): string {
  const status = post.status ? `${post.status.name} (${post.status.tab_name})` : 'no status';
  const categories = post.categories.length ? post.categories.map((c) => c.name).join(', ') : 'no category';
  const author = post.author.email ? `${post.author.name} <${post.author.email}>` : post.author.name;
  const lines = [
    post.title,
    `${post.id} · ${status} · ${categories} · ${post.moderation_status}`,
    `${plural(post.votes_count, 'vote')} · ${plural(post.comments_count, 'comment')} · by ${author} · ${day(post.created_at)}`,
    post.url,
    '',
    descriptionText(post.description) || '(no description)',
  ];
  if (comments) lines.push('', ...commentLines(comments));
  return `${lines.join('\n')}\n`;
}

/** `Comments (n)`, then each comment under its parent: a heading line and its text, indented by depth. */
function commentLines(comments: readonly Comment[]): string[] {
  if (!comments.length) return ['No comments.'];
  const lines = [`Comments (${comments.length})`];
  for (const { comment, depth } of threadOrder(comments)) {
    const indent = '  '.repeat(depth + 1);
    const marks = [
      comment.pinned_to_top && 'pinned',
      comment.moderation_status !== 'approved' && comment.moderation_status,
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      '',
      `${indent}${depth ? '└─ ' : ''}${comment.author.name} · ${day(comment.created_at)} · #${comment.id}${marks ? ` (${marks})` : ''}`,
    );
    const text = descriptionText(comment.comment);
    for (const line of text.split('\n')) lines.push(`${indent}${depth ? '   ' : ''}${line}`);
  }
  return lines;
}
