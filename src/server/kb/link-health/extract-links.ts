import type { EditorType } from './types.js';

interface Hit {
  pos: number;
  url: string;
}

type Span = [start: number, end: number];

/**
 * Every distinct absolute http(s) URL in an article, in order of first appearance.
 * Image sources count too: a broken image is as broken as a broken link.
 * URLs inside code (fenced blocks, inline code, <pre>, <code>) are examples, not links.
 */
export function extractLinks(body: string, editorType: EditorType): string[] {
  const hits: Hit[] = [];
  let text = mask(body, codeSpans(body, editorType));
  // Each structured pass blanks what it consumed so the bare-URL pass cannot
  // find a second, differently-cut copy of the same URL (e.g. an undecoded &amp;).
  text = mask(text, autolinks(text, hits));
  text = mask(text, htmlAttributes(text, hits));
  if (editorType === 'markdown') {
    text = mask(text, inlineLinks(text, hits));
    text = mask(text, referenceDefinitions(text, hits));
  }
  bareUrls(text, hits);

  hits.sort((a, b) => a.pos - b.pos);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { url } of hits) {
    if (!seen.has(url) && isHttpUrl(url)) {
      seen.add(url);
      out.push(url);
    }
  }
  return out;
}

function isHttpUrl(candidate: string): boolean {
  try {
    const u = new URL(candidate);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Replaces each span with spaces (keeping newlines) so positions and line anchors survive. */
function mask(text: string, spans: Span[]): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    out += text.slice(at, from) + text.slice(from, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  return out + text.slice(at);
}

function spansOf(text: string, re: RegExp): Span[] {
  return [...text.matchAll(re)].map((m) => [m.index, m.index + m[0].length]);
}

const FENCED = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
const INLINE_CODE = /(`+)[\s\S]*?[^`]\1(?!`)/g;
const HTML_CODE = /<(pre|code)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

function codeSpans(text: string, editorType: EditorType): Span[] {
  const spans = spansOf(text, HTML_CODE);
  if (editorType === 'markdown') {
    const fenced = spansOf(text, FENCED);
    spans.push(...fenced, ...spansOf(mask(text, fenced), INLINE_CODE));
  }
  return spans;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const AUTOLINK = /<(https?:\/\/[^\s<>]*)>/gi;

function autolinks(text: string, hits: Hit[]): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(AUTOLINK)) {
    hits.push({ pos: m.index + 1, url: decodeEntities(m[1]) });
    spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

const TAG = /<[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>/gi;
const URL_ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** href and src attributes of HTML tags; the whole tag is consumed so other attributes are not read as text. */
function htmlAttributes(text: string, hits: Hit[]): Span[] {
  const spans: Span[] = [];
  for (const tag of text.matchAll(TAG)) {
    for (const attr of tag[0].matchAll(URL_ATTRIBUTE)) {
      const raw = attr[1] ?? attr[2] ?? attr[3] ?? '';
      hits.push({ pos: tag.index + attr.index, url: decodeEntities(raw.trim()) });
    }
    spans.push([tag.index, tag.index + tag[0].length]);
  }
  return spans;
}

/** `[text](dest "title")` and `![alt](dest)`: parsed by hand because destinations may hold balanced parentheses. */
function inlineLinks(text: string, hits: Hit[]): Span[] {
  const spans: Span[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('](', from);
    if (open < 0) return spans;
    let i = open + 2;
    while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
    const start = i;
    let dest: string;
    if (text[i] === '<') {
      const close = text.indexOf('>', i);
      const nl = text.indexOf('\n', i);
      if (close < 0 || (nl >= 0 && nl < close)) {
        from = open + 2;
        continue;
      }
      dest = text.slice(i + 1, close);
      i = close + 1;
    } else {
      let depth = 0;
      while (i < text.length && !/\s/.test(text[i])) {
        if (text[i] === '(') depth++;
        else if (text[i] === ')' && depth-- === 0) break;
        i++;
      }
      dest = text.slice(start, i);
    }
    hits.push({ pos: text[start] === '<' ? start + 1 : start, url: decodeEntities(dest) });
    spans.push([open, i]);
    from = Math.max(i, open + 2);
  }
}

const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\n?[ \t]*(<[^>\n]*>|\S+)/dgm;

function referenceDefinitions(text: string, hits: Hit[]): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(REFERENCE_DEFINITION)) {
    const [start, end] = m.indices![1];
    const raw = m[1].startsWith('<') ? m[1].slice(1, -1) : m[1];
    hits.push({ pos: m[1].startsWith('<') ? start + 1 : start, url: decodeEntities(raw) });
    spans.push([m.index, end]);
  }
  return spans;
}

const BARE_URL = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?*_~'"]$/;

function bareUrls(text: string, hits: Hit[]): void {
  for (const m of text.matchAll(BARE_URL)) {
    // An escaped bracket or quote (&lt; &gt; &quot;) ends the URL as the raw character would.
    const raw = m[0].split(/&(?:lt|gt|quot|apos|#39|#x27);/i)[0];
    hits.push({ pos: m.index, url: trimTrailing(decodeEntities(raw)) });
  }
}

/** Sentence punctuation after a URL is not part of it; a closing bracket is only when it has no opener in the URL. */
function trimTrailing(url: string): string {
  let u = url;
  for (;;) {
    if (TRAILING_PUNCTUATION.test(u)) {
      u = u.slice(0, -1);
    } else if (u.endsWith(')') && count(u, '(') < count(u, ')')) {
      u = u.slice(0, -1);
    } else if (u.endsWith(']') && count(u, '[') < count(u, ']')) {
      u = u.slice(0, -1);
    } else {
      return u;
    }
  }
}

function count(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}
