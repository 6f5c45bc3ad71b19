import { Parser } from 'htmlparser2';

/** Elements that start a line of their own. */
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'pre',
  'blockquote',
  'tr',
  'hr',
]);
const SKIPPED = new Set(['script', 'style']);

/**
 * A post description as plain text for a terminal: HTML (the wysiwyg editor) loses its tags,
 * blocks become lines, list items get a bullet and links show their address; markdown (the
 * markdown editor) is already text and stays as it is.
 */
export function descriptionText(description: string): string {
  if (!/<[a-z][^>]*>/i.test(description)) return description.trim();
  let out = '';
  let skipping = 0;
  const hrefs: Array<string | undefined> = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (SKIPPED.has(name)) skipping++;
        if (BLOCKS.has(name)) out += '\n';
        if (name === 'li') out += '• ';
        if (name === 'a') hrefs.push(attrs.href);
      },
      ontext(text) {
        if (!skipping) out += text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping--;
        if (name === 'a') {
          const href = hrefs.pop();
          if (href && !out.endsWith(href)) out += ` (${href})`;
        }
        if (BLOCKS.has(name) && name !== 'br') out += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.write(description);
  parser.end();
  return out
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
