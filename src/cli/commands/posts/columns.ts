import type { ChalkInstance } from 'chalk';
import type { Post, postSchemas } from '../../../contract/schemas/post.js';
import type { z } from 'zod';
import { cellText } from '../../output/cells.js';
import type { Column } from '../../output/output.js';

export type PostMinimal = z.infer<ReturnType<typeof postSchemas>['PostMinimalSchema']>;

/** Colour text with a portal colour; a colour chalk cannot read leaves the text plain. */
function paint(c: ChalkInstance, color: string, text: string): string {
  return /^#(?:[0-9a-f]{3}){1,2}$/i.test(color) ? c.hex(color)(text) : text;
}

const categoryNames = (p: Post) => p.categories.map((x) => cellText(x.name)).join(', ');

export const postColumns: Column<Post>[] = [
  { header: 'KEY', field: 'id', value: (p) => p.id },
  { header: 'TITLE', value: (p) => p.title, max: 48 },
  {
    header: 'STATUS',
    value: (p) => p.status?.name ?? '',
    style: (text, p, c) => (p.status ? paint(c, p.status.color, text) : text),
  },
  {
    header: 'CATEGORIES',
    field: 'categories',
    value: categoryNames,
    max: 40,
    // Each name in its own colour, unless the cell had to be cut.
    style: (text, p, c) =>
      text === categoryNames(p) ? p.categories.map((x) => paint(c, x.color, cellText(x.name))).join(', ') : text,
  },
  { header: 'VOTES', field: 'votes_count', value: (p) => p.votes_count },
  { header: 'COMMENTS', field: 'comments_count', value: (p) => p.comments_count },
  { header: 'CREATED', field: 'created_at', value: (p) => p.created_at, date: true },
];

/** `--format minimal` items carry no status or categories. */
export const minimalPostColumns: Column<PostMinimal>[] = [
  { header: 'KEY', field: 'id', value: (p) => p.id },
  { header: 'TITLE', value: (p) => p.title, max: 60 },
  { header: 'VOTES', field: 'votes_count', value: (p) => p.votes_count },
  { header: 'COMMENTS', field: 'comments_count', value: (p) => p.comments_count },
  { header: 'MODERATION', field: 'moderation_status', value: (p) => p.moderation_status },
  { header: 'CREATED', field: 'created_at', value: (p) => p.created_at, date: true },
];
