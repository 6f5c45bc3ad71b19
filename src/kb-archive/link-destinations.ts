import type { Token } from 'markdown-it';
import { bodyParsers } from '../contract/body-parsers.js';

export type EditorType = 'markdown' | 'wysiwyg';

/** A link or image destination of a body, as the body's parser reads it. */
export interface Destination {
  value: string;
  /** An image (`![alt](x)`, `<img src>`), not a link. */
  embed: boolean;
}

/**
 * Every link and image destination of a body in the portal's editor format: markdown
 * (read by markdown-it, with the HTML inside it) or HTML (htmlparser2). Destinations
 * inside code are examples and are left out.
 */
export function linkDestinations(body: string, editorType: EditorType): Destination[] {
  const found: Destination[] = [];
  if (editorType === 'markdown') walk(bodyParsers().markdown.parse(body, {}), found);
  else fromHtml(body, found);
  return found;
}

function walk(tokens: Token[], found: Destination[]): void {
  for (const token of tokens) {
    if (token.type === 'link_open') found.push({ value: String(token.attrGet('href') ?? ''), embed: false });
    else if (token.type === 'image') found.push({ value: String(token.attrGet('src') ?? ''), embed: true });
    else if (token.type === 'html_block' || token.type === 'html_inline') fromHtml(token.content, found);
    if (token.children) walk(token.children, found);
  }
}

function fromHtml(html: string, found: Destination[]): void {
  const parser = new (bodyParsers().Parser)(
    {
      onopentag(name, attribs) {
        if (attribs.href !== undefined) found.push({ value: attribs.href.trim(), embed: false });
        if (attribs.src !== undefined) found.push({ value: attribs.src.trim(), embed: name === 'img' });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
}

/**
 * Where a destination starts: after `](`, after a reference definition's `[label]:`, or
 * after `src=`/`href=`. The destination itself is read by hand after the match, so no
 * pattern here can backtrack over a body (bodies come from uploads).
 */
const MARKDOWN_SITES =
  /(?<inline>\]\([ \t]*(?:\n[ \t]*)?)|(?<ref>^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*(?:\n[ \t]*)?)|(?<attr>\s(?:src|href)[ \t]*=[ \t]*)/gim;
const HTML_SITES = /(?<attr>\s(?:src|href)[ \t]*=[ \t]*)/gi;

/** Longer destinations are not read: none of the paths rewritten here is near it. */
const MAX_DESTINATION = 2048;

/** Characters that end a destination written bare (after `](` or `]:`). */
const ENDS_BARE = new Set([...' \t\n\r()<>[]"\'`']);

/** The destination at `at`: its text and where it ends, or null when none is written there as the site requires. */
function destinationAt(
  body: string,
  at: number,
  site: 'inline' | 'ref' | 'attr',
): { text: string; from: number; to: number } | null {
  const scan = (from: number, stops: (c: string) => boolean) => {
    let end = from;
    while (end < body.length && end - from <= MAX_DESTINATION && !stops(body[end])) end++;
    return end;
  };
  const open = body[at];
  if (site === 'attr' || open === '<') {
    const close = site === 'attr' ? open : '>';
    if (site === 'attr' && open !== '"' && open !== "'") return null;
    const end = scan(at + 1, (c) => c === close || c === '\n' || c === '<');
    return body[end] === close ? { text: body.slice(at + 1, end), from: at + 1, to: end } : null;
  }
  const end = scan(at, (c) => ENDS_BARE.has(c));
  const next = body[end] ?? '';
  const ends = site === 'inline' ? next === ')' || /\s/.test(next) : next === '' || /\s/.test(next);
  return end > at && ends ? { text: body.slice(at, end), from: at, to: end } : null;
}

/**
 * The body with each destination that `rewrite` maps elsewhere replaced where it is
 * written; everything else stays byte for byte. Only destinations the parser reads as
 * links are touched, only where they are written exactly as read (no escapes or entities
 * in them), and never inside code. Linear in the body's length.
 */
export function rewriteDestinations(
  body: string,
  editorType: EditorType,
  rewrite: (destination: string) => string | undefined,
): string {
  const mapped = new Map<string, string>();
  for (const { value } of linkDestinations(body, editorType)) {
    if (mapped.has(value)) continue;
    const to = rewrite(value);
    if (to !== undefined && to !== value) mapped.set(value, to);
  }
  if (mapped.size === 0) return body;
  const markdown = editorType === 'markdown';
  const inCode = markdown ? codeRanges(body) : () => false;
  let out = '';
  let copied = 0;
  for (const m of body.matchAll(markdown ? MARKDOWN_SITES : HTML_SITES)) {
    const site = m.groups!.inline !== undefined ? 'inline' : m.groups!.ref !== undefined ? 'ref' : 'attr';
    const found = destinationAt(body, m.index + m[0].length, site);
    const to = found && mapped.get(found.text);
    if (!found || to === undefined || found.from < copied || inCode(m.index)) continue;
    out += body.slice(copied, found.from) + to;
    copied = found.to;
  }
  return out + body.slice(copied);
}

/**
 * Whether an offset of a markdown body lies in code: a fenced or indented block (from
 * markdown-it's line map) or a code span, a run of backticks closed by the next run of
 * the same length in its paragraph. Found in one pass, as markdown-it finds them.
 */
function codeRanges(body: string): (offset: number) => boolean {
  const lineStarts = [0];
  for (let at = body.indexOf('\n'); at !== -1; at = body.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const offsetOf = (line: number) => (line < lineStarts.length ? lineStarts[line] : body.length);
  const ranges: Array<[number, number]> = [];
  for (const token of bodyParsers().markdown.parse(body, {})) {
    if ((token.type === 'fence' || token.type === 'code_block') && token.map) {
      ranges.push([offsetOf(token.map[0]), offsetOf(token.map[1])]);
    }
  }
  const inBlock = within([...ranges]);
  let start = 0;
  for (const gap of [...body.matchAll(/\n[ \t]*\n/g), null]) {
    const end = gap === null ? body.length : gap.index;
    ranges.push(...codeSpans(body, start, end).filter(([from]) => !inBlock(from)));
    if (gap !== null) start = gap.index + gap[0].length;
  }
  return within(ranges);
}

/** Whether an offset lies in one of the ranges, which do not overlap: a binary search. */
function within(ranges: Array<[number, number]>): (offset: number) => boolean {
  const sorted = ranges.sort((a, b) => a[0] - b[0]);
  return (offset) => {
    let low = 0;
    let high = sorted.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (sorted[mid][0] <= offset) low = mid + 1;
      else high = mid - 1;
    }
    return high >= 0 && offset < sorted[high][1];
  };
}

/** Code spans between `from` and `to`: each run of backticks paired with the next run of its length. */
function codeSpans(body: string, from: number, to: number): Array<[number, number]> {
  const runs: Array<{ at: number; length: number }> = [];
  for (let at = body.indexOf('`', from); at !== -1 && at < to; at = body.indexOf('`', at)) {
    let end = at;
    while (end < to && body[end] === '`') end++;
    runs.push({ at, length: end - at });
    at = end;
  }
  const byLength = new Map<number, number[]>();
  runs.forEach((run, i) => {
    const same = byLength.get(run.length);
    if (same) same.push(i);
    else byLength.set(run.length, [i]);
  });
  const cursor = new Map<number, number>();
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < runs.length; i++) {
    const same = byLength.get(runs[i].length)!;
    let c = cursor.get(runs[i].length) ?? 0;
    while (c < same.length && same[c] <= i) c++;
    cursor.set(runs[i].length, c);
    if (c === same.length) continue;
    const closer = runs[same[c]];
    spans.push([runs[i].at, closer.at + closer.length]);
    i = same[c];
  }
  return spans;
}
