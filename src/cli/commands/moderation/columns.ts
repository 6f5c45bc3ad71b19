import type { ModerationItem } from '../../../contract/schemas/moderation.js';
import { humanDate } from '../../output/cells.js';
import type { Column } from '../../output/output.js';

/** Posts and comments in one table: a post shows its title, a comment its excerpt and its post. */
export const queueColumns: Column<ModerationItem>[] = [
  { header: 'TYPE', value: (i) => i.type },
  { header: 'ID', value: (i) => i.id },
  { header: 'TITLE/EXCERPT', value: (i) => (i.type === 'post' ? i.title : i.excerpt), max: 50 },
  { header: 'AUTHOR', value: (i) => i.author.name, max: 24 },
  { header: 'POST', value: (i) => (i.type === 'comment' ? i.post.id : '') },
  { header: 'AGE', value: (i) => humanDate(i.created_at) },
];

export const rejectedColumns: Column<ModerationItem>[] = [
  ...queueColumns,
  { header: 'REJECTED', value: (i) => humanDate(i.moderated_at) },
];
