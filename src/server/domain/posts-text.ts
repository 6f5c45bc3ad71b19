import type { Env, Token } from 'markdown-it';
import { bodyParsers } from '../../contract/body-parsers.js';

/**
 * Plain text and the first image of a post or comment body, which is HTML
 * (`wysiwyg`) or markdown (`markdown`) per the portal's `editor_type`. The body is
 * read by markdown-it and htmlparser2, in time linear in its length, never by
 * regular expressions.
 */

export type EditorType = 'wysiwyg' | 'markdown';

/** Elements whose end (or, for `br`, whose place) separates words, as a line break does. */
const BREAKS = new Set(['br', 'p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr']);
/** Elements whose content is not text. */
const HIDDEN = new Set(['script', 'style']);

/** Like PHP's strip_tags with entities decoded, but block ends become spaces so words do not run together. */
function htmlText(html: string): string {
  let text = '';
  let hidden = 0;
  const parser = new (bodyParsers().Parser)(
    {
      onopentag(name) {
        if (HIDDEN.has(name)) hidden++;
      },
      ontext(piece) {
        if (hidden === 0) text += piece;
      },
      onclosetag(name) {
        if (HIDDEN.has(name) && hidden > 0) hidden--;
        if (BREAKS.has(name)) text += ' ';
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return text;
}

/** The body as one line of plain text. Markdown images are left out, alt text too. */
export function plainText(body: string, editor: EditorType): string {
  return editor === 'markdown' ? markdownText(parseMarkdown(body)) : oneLine(htmlText(body));
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Parsed {
  tokens: Token[];
  env: Env;
}

function parseMarkdown(source: string): Parsed {
  const env: Env = {};
  return { tokens: bodyParsers().markdown.parse(source, env), env };
}

/** The text of markdown as markdown-it renders it, images left out. */
function markdownText({ tokens, env }: Parsed): string {
  const { markdown } = bodyParsers();
  return oneLine(htmlText(markdown.renderer.render(withoutImages(tokens), markdown.options, env)));
}

function withoutImages(tokens: Token[]): Token[] {
  for (const token of tokens) {
    if (!token.children) continue;
    token.children = withoutImages(token.children.filter((child) => child.type !== 'image'));
  }
  return tokens;
}

/** Laravel's `Str::limit`: at most `limit` characters, then `...` when cut. */
function limitText(text: string, limit: number): string {
  const chars = [...text];
  if (chars.length <= limit) return text;
  return chars.slice(0, limit).join('').trimEnd() + '...';
}

const DESCRIPTION_SHORT_LENGTH = 150;

/**
 * How much of a body its short text and first image are read from (`D-POST-TEXT-HEAD`): a list
 * shows up to 100 bodies and reads each again for every list, about a millisecond for the most
 * hostile 2,048 characters.
 */
const HEAD_LENGTH = 2048;

/** The start of a body, at most HEAD_LENGTH UTF-16 units, never half a surrogate pair. */
function head(body: string): string {
  if (body.length <= HEAD_LENGTH) return body;
  const code = body.charCodeAt(HEAD_LENGTH - 1);
  return body.slice(0, code >= 0xd800 && code <= 0xdbff ? HEAD_LENGTH - 1 : HEAD_LENGTH);
}

/** The plain text of the start of a body cut to `limit` characters (`description_short`, excerpts). */
export function shortText(body: string, editor: EditorType, limit: number): string {
  return limitText(plainText(head(body), editor), limit);
}

type Summary = { short: string; image: string };

/**
 * Summaries of the bodies read lately, per editor: a list shows the same posts again and again.
 * At most 500 are kept, of bodies within HEAD_LENGTH (a longer body's start is a slice that
 * would keep the whole body in memory).
 */
const summaries = { markdown: new Map<string, Summary>(), wysiwyg: new Map<string, Summary>() };
const SUMMARIES_KEPT = 500;

/**
 * `description_short` and `image_main`, from one reading of the body's start. The image is the
 * first whose source is an absolute http(s) URL, as written, or '': markdown images (as
 * markdown-it reads them, parentheses in the destination included) and HTML `<img>`, in the
 * order they appear.
 */
export function postSummary(body: string, editor: EditorType): Summary {
  if (body.length > HEAD_LENGTH) return summarize(head(body), editor);
  const kept = summaries[editor === 'markdown' ? 'markdown' : 'wysiwyg'];
  let summary = kept.get(body);
  if (summary) kept.delete(body);
  else {
    summary = summarize(body, editor);
    if (kept.size >= SUMMARIES_KEPT) kept.delete(kept.keys().next().value!);
  }
  kept.set(body, summary);
  return summary;
}

function summarize(start: string, editor: EditorType): Summary {
  if (editor !== 'markdown') {
    return { short: limitText(oneLine(htmlText(start)), DESCRIPTION_SHORT_LENGTH), image: htmlImage(start) ?? '' };
  }
  const parsed = parseMarkdown(start);
  const image = tokenImage(parsed.tokens) ?? '';
  return { short: limitText(markdownText(parsed), DESCRIPTION_SHORT_LENGTH), image };
}

function tokenImage(tokens: Token[]): string | undefined {
  for (const token of tokens) {
    const found =
      token.type === 'image'
        ? webUrl(String(token.attrGet('src') ?? ''))
        : token.type === 'html_block' || token.type === 'html_inline'
          ? htmlImage(token.content)
          : token.children && tokenImage(token.children);
    if (found) return found;
  }
  return undefined;
}

function htmlImage(html: string): string | undefined {
  let found: string | undefined;
  const parser = new (bodyParsers().Parser)(
    {
      onopentag(name, attribs) {
        if (found !== undefined || name !== 'img' || attribs.src === undefined) return;
        found = webUrl(attribs.src);
        if (found !== undefined) parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** An absolute http(s) URL, trimmed, or undefined: `javascript:`, `data:`, relative and the like are not images. */
function webUrl(written: string): string | undefined {
  const url = written.trim();
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).hostname === '' ? undefined : url;
  } catch {
    return undefined;
  }
}
