import type { Comment } from '../../../contract/schemas/comment.js';

export interface ThreadRow {
  comment: Comment;
  /** 0 for a top-level comment, 1 for a reply, 2 for a reply to a reply… */
  depth: number;
}

/**
 * Comments in tree order: each reply right under its parent, siblings in the order the
 * server listed them. A reply whose parent is not in the list is shown at the top level.
 */
export function threadOrder(comments: readonly Comment[]): ThreadRow[] {
  const ids = new Set(comments.map((c) => c.id));
  const children = new Map<number, Comment[]>();
  const roots: Comment[] = [];
  for (const c of comments) {
    if (c.parent_id !== null && c.parent_id !== c.id && ids.has(c.parent_id)) {
      const list = children.get(c.parent_id) ?? [];
      list.push(c);
      children.set(c.parent_id, list);
    } else {
      roots.push(c);
    }
  }
  const rows: ThreadRow[] = [];
  const seen = new Set<Comment>();
  const visit = (c: Comment, depth: number) => {
    if (seen.has(c)) return;
    seen.add(c);
    rows.push({ comment: c, depth });
    if (c.id !== null) for (const child of children.get(c.id) ?? []) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  // A parent cycle has no root; such comments still appear, at the top level.
  for (const c of comments) visit(c, 0);
  return rows;
}

/** `└─ ` under the parent, two more spaces per level deeper. */
export function threadPrefix(depth: number): string {
  return depth === 0 ? '' : `${'  '.repeat(depth - 1)}└─ `;
}
