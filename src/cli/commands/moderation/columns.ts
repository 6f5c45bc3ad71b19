import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import type { Column } from '../../output/output.js';

/** Posts and comments in one table: a post shows its title, a comment its excerpt and its post. */
export const queueColumns: Column<ModerationItem>[] = [
  { header: 'TYPE', value: (i) => i.type },
  { header: 'ID', value: (i) => i.id },
  { header: 'TITLE/EXCERPT', field: 'excerpt', value: (i) => (i.type === 'post' ? i.title : i.excerpt) },
  { header: 'AUTHOR', field: 'author', value: (i) => i.author.name, max: 24 },
  { header: 'POST', field: 'post', value: (i) => (i.type === 'comment' ? i.post.id : '') },
  { header: 'AGE', field: 'created_at', value: (i) => i.created_at, date: true },
];

export const rejectedColumns: Column<ModerationItem>[] = [
  ...queueColumns,
  { header: 'REJECTED', field: 'moderated_at', value: (i) => i.moderated_at, date: true },
];

/**
 * Posts and comments together, newest first by when they were written: the API orders each
 * collection by id, which need not follow the dates (an imported comment keeps its date).
 * An unreadable date goes last; items of the same time keep the API's order.
 */
export function newestFirst(items: ModerationItem[]): ModerationItem[] {
  const time = (i: ModerationItem) => Date.parse(i.created_at) || 0;
  return [...items].sort((a, b) => time(b) - time(a));
}
