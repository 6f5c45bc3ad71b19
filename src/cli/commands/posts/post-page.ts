import type { EditorType } from '../../../contract/editor-format.js';
import type { Comment } from '../../../contract/schemas/comment.js';
import type { Post } from '../../../contract/schemas/post.js';
import type { Page, PageLine } from '../../output/page.js';
import { richTextLines } from '../../output/rich-text.js';
import { threadOrder } from '../comments/thread.js';

const day = (timestamp: string | null) => (timestamp ?? '').slice(0, 10);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const line = (text: string, bold = false, indent = 0): PageLine => ({
  runs: [bold ? { text, bold } : { text }],
  indent,
});
const BLANK: PageLine = { runs: [] };

/**
 * One post as a page to read: its heading lines, the description as text (markdown or HTML per the
 * portal's editor, D-TEXT-VIEW), and the comments threaded.
 */
export function postPage(post: Post, editor: EditorType, comments?: readonly Comment[]): Page {
  const status = post.status ? `${post.status.name} (${post.status.tab_name})` : 'no status';
  const categories = post.categories.length ? post.categories.map((c) => c.name).join(', ') : 'no category';
  const author = post.author.email ? `${post.author.name} <${post.author.email}>` : post.author.name;
  const description = richTextLines(post.description, editor);
  const page: Page = [
    line(post.title, true),
    line(`${post.id} · ${status} · ${categories} · ${post.moderation_status}`),
    line(
      `${plural(post.votes_count, 'vote')} · ${plural(post.comments_count, 'comment')} · by ${author} · ${day(post.created_at)}`,
    ),
    line(post.url),
    BLANK,
    ...(description.length ? description : [line('(no description)')]),
  ];
  if (comments) page.push(BLANK, ...commentLines(comments, editor));
  return page;
}

/**
 * `Comments (n)`, then each comment under its parent: a heading line and its text, indented by
 * depth. The post's count is of approved comments; the list also holds those not approved, so the
 * heading says how many are which (`Comments (4: 3 approved, 1 pending)`).
 */
function commentLines(comments: readonly Comment[], editor: EditorType): Page {
  if (!comments.length) return [line('No comments.')];
  const page: Page = [line(`Comments (${commentTally(comments)})`, true)];
  for (const { comment, depth } of threadOrder(comments)) {
    const indent = 2 * (depth + 1);
    const marks = [
      comment.pinned_to_top && 'pinned',
      comment.moderation_status !== 'approved' && comment.moderation_status,
      comment.votes_count > 0 && plural(comment.votes_count, 'vote'),
    ]
      .filter(Boolean)
      .join(', ');
    const heading = `${depth ? '└─ ' : ''}${comment.author.name} · ${day(comment.created_at)} · #${comment.id}`;
    page.push(BLANK, line(`${heading}${marks ? ` (${marks})` : ''}`, false, indent));
    page.push(...richTextLines(comment.comment, editor, indent + (depth ? 3 : 0)));
  }
  return page;
}

/** `3`, or `4: 3 approved, 1 pending` when some are not approved. */
function commentTally(comments: readonly Comment[]): string {
  const by = new Map<string, number>();
  // A comment without a moderation status is shown as approved (no mark), so it counts as one.
  for (const c of comments) {
    const state = c.moderation_status ?? 'approved';
    by.set(state, (by.get(state) ?? 0) + 1);
  }
  if (by.size === 1 && by.has('approved')) return String(comments.length);
  const order = ['approved', 'pending', 'rejected'];
  const states = [...by.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return `${comments.length}: ${states.map((s) => `${by.get(s)} ${s}`).join(', ')}`;
}
