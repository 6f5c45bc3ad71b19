import type { Comment } from '../../contract/schemas/comment.js';
import type { ApiKeyRecord, CommentRecord, PortalState, PostRecord } from '../store/state.js';
import { postUrl } from './post.js';
import { findUser, isoMicros, presentAuthor } from './user.js';

export const commentUrl = (origin: string, post: PostRecord, commentId: number) => `${postUrl(origin, post)}#comment-${commentId}`;

/** The post a comment belongs to, or a stand-in so a comment always renders. */
function postOf(portal: PortalState, comment: CommentRecord): PostRecord {
  return portal.post(comment.post_key) ?? ({ key: comment.post_key } as PostRecord);
}

export function presentComment(portal: PortalState, comment: CommentRecord, origin: string, key: ApiKeyRecord): Comment {
  const canChange = !key.read_only;
  return {
    id: comment.id,
    comment: comment.comment,
    formatted_comment: renderBody(comment.comment, portal.editor_type),
    author: presentAuthor(portal, findUser(portal, comment.user_id), origin),
    pinned_to_top: comment.pinned_to_top,
    tagged_for_changelog: comment.tagged_for_changelog,
    is_ai: false,
    moderation_status: comment.moderation_status,
    parent_id: comment.parent_id,
    votes_count: comment.votes_count,
    user_has_voted: false,
    can_edit: canChange,
    can_delete: canChange,
    created_at: isoMicros(comment.created_at),
    updated_at: isoMicros(comment.updated_at),
    url: commentUrl(origin, postOf(portal, comment), comment.id),
    source_locale: null,
    is_translated: false,
    original_html: null,
  };
}

/** A body as HTML: markdown is rendered, HTML from the editor is sanitized. Both are safe to embed. */
export function renderBody(body: string, editor: 'markdown' | 'wysiwyg'): string {
  return editor === 'markdown' ? renderMarkdown(body) : sanitizeHtml(body);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Only web, mail and relative links; `javascript:` and the like are dropped. */
export function isSafeUrl(url: string): boolean {
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return !scheme || ['http', 'https', 'mailto'].includes(scheme[1].toLowerCase());
}

// ---- markdown ----------------------------------------------------------------

const HOLE = '\u0000';

/** Inline markdown: code spans, links, autolinks, strong and emphasis, hard breaks; everything else escaped. */
function renderInline(text: string): string {
  const held: string[] = [];
  let s = inlineHolding(text, held);
  const hole = new RegExp(`${HOLE}(\\d+)${HOLE}`, 'g');
  for (let before = ''; before !== s; ) {
    before = s;
    s = s.replace(hole, (_m, i: string) => held[Number(i)] ?? '');
  }
  return s;
}

/** Finished HTML is held aside (as numbered holes) so later steps neither escape nor re-format it. */
function inlineHolding(text: string, held: string[]): string {
  const hold = (html: string) => `${HOLE}${held.push(html) - 1}${HOLE}`;
  let s = text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_m, _ticks: string, code: string) =>
    hold(`<code>${escapeHtml(code.replace(/^ ([\s\S]*) $/, '$1'))}</code>`),
  );
  s = s.replace(/<((?:https?:\/\/|mailto:)[^\s<>]+)>/gi, (_m, url: string) =>
    hold(`<a href="${escapeHtml(url)}">${escapeHtml(url.replace(/^mailto:/i, ''))}</a>`),
  );
  s = s.replace(/\[([^\[\]]+)\]\(\s*<?([^\s()<>]*)>?(?:\s+"([^"]*)")?\s*\)/g, (_m, label: string, url: string, title?: string) => {
    const inner = inlineHolding(label, held);
    if (!isSafeUrl(url)) return hold(inner);
    const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
    return hold(`<a href="${escapeHtml(url)}"${titleAttr}>${inner}</a>`);
  });
  return escapeHtml(s)
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '<strong>$2</strong>')
    .replace(/\*([^\s*](?:[^*]*?[^\s*])?)\*/g, '<em>$1</em>')
    .replace(/(^|[^\w])_([^\s_](?:[^_]*?[^\s_])?)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/(?: {2,}|\\)\n/g, '<br />\n');
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const BULLET = /^ {0,3}[-*+]\s+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/;

const startsBlock = (line: string) =>
  FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || BULLET.test(line) || ORDERED.test(line);

/** Block markdown: paragraphs, headings, fenced code, quotes, flat lists, rules. */
function renderBlocks(lines: string[]): string {
  let out = '';
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) code.push(lines[i]);
      i++;
      const lang = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : '';
      out += `<pre><code${lang}>${code.map((l) => escapeHtml(l) + '\n').join('')}</code></pre>\n`;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      out += `<h${level}>${renderInline(heading[2] ?? '')}</h${level}>\n`;
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out += '<hr />\n';
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]); i++) quoted.push(QUOTE.exec(lines[i])![1]);
      out += `<blockquote>\n${renderBlocks(quoted)}</blockquote>\n`;
      continue;
    }
    const listKind = BULLET.test(line) ? BULLET : ORDERED.test(line) ? ORDERED : undefined;
    if (listKind) {
      const items: string[] = [];
      const start = listKind === ORDERED ? Number(ORDERED.exec(line)![1]) : 1;
      for (; i < lines.length && lines[i].trim(); i++) {
        const item = listKind.exec(lines[i]);
        if (item) items.push(item[item.length - 1]);
        else if (/^\s+\S/.test(lines[i]) || !startsBlock(lines[i])) items[items.length - 1] += `\n${lines[i].trim()}`;
        else break;
      }
      const tag = listKind === ORDERED ? 'ol' : 'ul';
      const startAttr = listKind === ORDERED && start !== 1 ? ` start="${start}"` : '';
      out += `<${tag}${startAttr}>\n${items.map((t) => `<li>${renderInline(t)}</li>\n`).join('')}</${tag}>\n`;
      continue;
    }
    const para: string[] = [];
    for (; i < lines.length && lines[i].trim() && (para.length === 0 || !startsBlock(lines[i])); i++) para.push(lines[i].replace(/^\s+/, ''));
    out += `<p>${renderInline(para.join('\n').replace(/\s+$/, ''))}</p>\n`;
  }
  return out;
}

/** A small, safe markdown renderer: raw HTML in the source is shown as text, never passed through. */
export function renderMarkdown(markdown: string): string {
  return renderBlocks(markdown.replace(new RegExp(HOLE, 'g'), '').replace(/\r\n?/g, '\n').split('\n'));
}

// ---- HTML from the wysiwyg editor -----------------------------------------------

const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup', 'a', 'code', 'pre',
  'ul', 'ol', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'div', 'img',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'textarea', 'title', 'head']);
const ALLOWED_ATTRS: Record<string, string[]> = { a: ['href', 'title'], img: ['src', 'alt', 'title'], ol: ['start'], code: ['class'] };
const URL_ATTRS = new Set(['href', 'src']);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttributes(tag: string, raw: string): string {
  const allowed = ALLOWED_ATTRS[tag] ?? [];
  let out = '';
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!allowed.includes(name)) continue;
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (URL_ATTRS.has(name) && !isSafeUrl(value)) continue;
    if (name === 'class' && !/^language-[\w+#.-]+$/.test(value)) continue;
    if (name === 'start' && !/^\d+$/.test(value)) continue;
    out += ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/** Text between tags: stray angle brackets and bare ampersands are escaped, entities kept. */
function cleanText(text: string): string {
  return text
    .replace(/&(?!(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Keeps the editor's formatting tags with their safe attributes; everything else goes, tags are balanced. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let last = 0;
  let dropUntil: string | undefined;
  for (const m of html.matchAll(TOKEN)) {
    const text = html.slice(last, m.index);
    last = m.index + m[0].length;
    if (dropUntil) {
      if (m[1] === '/' && m[2].toLowerCase() === dropUntil) dropUntil = undefined;
      continue;
    }
    out += cleanText(text);
    if (m[2] === undefined) continue; // a comment
    const tag = m[2].toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) {
      if (m[1] !== '/' && !/\/>$/.test(m[0])) dropUntil = tag;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (m[1] === '/') {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID_TAGS.has(tag)) {
      out += `<${tag}${cleanAttributes(tag, m[3])} />`;
      continue;
    }
    open.push(tag);
    out += `<${tag}${cleanAttributes(tag, m[3])}>`;
  }
  if (!dropUntil) out += cleanText(html.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
