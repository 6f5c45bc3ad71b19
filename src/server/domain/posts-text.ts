/**
 * Plain-text and image extraction from a post or comment body, which is HTML
 * (`wysiwyg`) or markdown (`markdown`) per the portal's `editor_type`.
 */

export type EditorType = 'wysiwyg' | 'markdown';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Like PHP's strip_tags, but block ends become spaces so words do not run together. */
function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote|pre|tr)>/gi, ' ')
    .replace(/<[^>]*>/g, '');
}

function stripMarkdown(md: string): string {
  return md
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*/g, '$1$2')
    .replace(/(^|\W)_(?=\S)([^_]*?\S)_(?=\W|$)/g, '$1$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/`([^`]*)`/g, '$1');
}

/** The body as one line of plain text. */
export function plainText(body: string, editor: EditorType): string {
  const text = editor === 'markdown' ? stripHtml(stripMarkdown(body)) : stripHtml(body);
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Laravel's `Str::limit`: at most `limit` characters, then `...` when cut. */
export function limitText(text: string, limit: number): string {
  const chars = [...text];
  if (chars.length <= limit) return text;
  return chars.slice(0, limit).join('').trimEnd() + '...';
}

export const DESCRIPTION_SHORT_LENGTH = 150;

/** The first image in the body (markdown image or HTML `<img>`, whichever comes first), or ''. */
export function firstImageUrl(body: string): string {
  const candidates: { at: number; url: string }[] = [];
  const md = /!\[[^\]]*\]\(\s*<?([^)\s>]+)/.exec(body);
  if (md) candidates.push({ at: md.index, url: md[1] });
  const html = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(body);
  if (html) candidates.push({ at: html.index, url: decodeEntities(html[1] ?? html[2] ?? html[3]) });
  candidates.sort((a, b) => a.at - b.at);
  return candidates[0]?.url ?? '';
}
