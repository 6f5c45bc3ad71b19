import { presentComment } from '../../../src/server/present/comment.js';
import type { Portal } from '../../../src/server/store/portal.js';
import { seedWith, storedPortal } from '../domain/stored-portal.js';

const portals: Partial<Record<'markdown' | 'wysiwyg', Portal>> = {};

/** A comment's body as the API presents it (`formatted_comment`) on a portal whose editor is `editor`. */
export function renderBody(body: string, editor: 'markdown' | 'wysiwyg'): string {
  const portal = (portals[editor] ??= storedPortal(seedWith((p) => (p.editor_type = editor))));
  const comment = { ...portal.comments.get(100)!, comment: body };
  const key = { token: 'test-key', read_only: false, expires_at: null };
  return presentComment(portal, comment, 'http://portal.test', key).formatted_comment;
}

/** A body of a markdown portal, rendered (and sanitized). */
export const renderMarkdown = (body: string): string => renderBody(body, 'markdown');

/** A body of a wysiwyg portal, sanitized. */
export const sanitizeHtml = (body: string): string => renderBody(body, 'wysiwyg');
