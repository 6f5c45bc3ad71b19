/**
 * Fields a record gets when it arrives without them, alike from a seed file and
 * from the API: a slug made of a title, and a category's colour.
 */

/** Colours given to categories that arrive without one, in turn. */
export const CATEGORY_PALETTE = [
  '#3b82f6',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#f97316',
];

/** Text whose decomposition is itself: no accent to take off (most titles, read once per post of a seed). */
const ASCII = /^[\x00-\x7f]*$/;

export function slugify(text: string): string {
  const bare = ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return (
    bare
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'item'
  );
}
