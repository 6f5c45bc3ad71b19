import { createRequire } from 'node:module';
import type MarkdownItModule from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import type { IOptions as SanitizeOptions } from 'sanitize-html';
import type { Comment } from '../../contract/schemas/comment.js';
import { linearLinkLabels } from '../../contract/linear-link-labels.js';
import type { ApiKeyRecord, CommentRecord, PostRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { postUrl } from './post.js';
import { findUser, isoMicros, presentAuthor } from './user.js';

export const commentUrl = (origin: string, post: PostRecord, commentId: number) =>
  `${postUrl(origin, post)}#comment-${commentId}`;

/** The post a comment belongs to, or a stand-in so a comment always renders. */
function postOf(portal: Portal, comment: CommentRecord): PostRecord {
  return portal.posts.get(comment.post_key) ?? ({ key: comment.post_key } as PostRecord);
}

export function presentComment(portal: Portal, comment: CommentRecord, origin: string, key: ApiKeyRecord): Comment {
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
function renderBody(body: string, editor: 'markdown' | 'wysiwyg'): string {
  return editor === 'markdown' ? renderMarkdown(body) : sanitizeHtml(body);
}

const SAFE_SCHEMES = ['http', 'https', 'mailto'];

/** Only web, mail and relative links; `javascript:` and the like are dropped. */
function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme (`java\tscript:`).
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return !scheme || SAFE_SCHEMES.includes(scheme[1].toLowerCase());
}

// ---- markdown ----------------------------------------------------------------

// The renderer and the sanitizer are loaded when a body is first rendered, not when the server
// starts, which renders none.
const require = createRequire(import.meta.url);
let markdown: MarkdownIt | undefined;
let sanitize: typeof import('sanitize-html') | undefined;

// Raw HTML in the source is shown as text, never passed through; link targets
// must be safe URLs. The result still goes through the sanitizer below, so
// what a comment can contain is decided in one place.
function markdownRenderer(): MarkdownIt {
  if (markdown) return markdown;
  const Renderer = require('markdown-it') as typeof MarkdownItModule;
  markdown = linearLinkLabels(
    new Renderer({ html: false, linkify: true, xhtmlOut: true, breaks: false, typographer: false }),
  );
  markdown.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  markdown.validateLink = isSafeUrl;
  return markdown;
}

function renderMarkdown(source: string): string {
  return sanitizeHtml(markdownRenderer().render(source));
}

// ---- HTML from the wysiwyg editor -----------------------------------------------

const SANITIZE_OPTIONS: SanitizeOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'a',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'span',
    'div',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], ol: ['start'] },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  // Dropped together with everything inside them; other refused tags keep their text.
  nonTextTags: [
    'script',
    'style',
    'iframe',
    'object',
    'embed',
    'noscript',
    'template',
    'svg',
    'math',
    'textarea',
    'title',
    'head',
    'option',
  ],
  disallowedTagsMode: 'discard',
  selfClosing: ['br', 'hr', 'img'],
  transformTags: {
    ol: (tagName, attribs): { tagName: string; attribs: Record<string, string> } => {
      const start = attribs.start ?? '';
      return { tagName, attribs: /^\d{1,9}$/.test(start) ? { start } : {} };
    },
  },
};

/** Keeps the editor's formatting tags with their safe attributes; everything else goes, tags are balanced. */
function sanitizeHtml(html: string): string {
  sanitize ??= require('sanitize-html') as typeof import('sanitize-html');
  return sanitize(html, SANITIZE_OPTIONS);
}
