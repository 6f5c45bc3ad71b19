import { createRequire } from 'node:module';
import type MarkdownItModule from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import type TurndownModule from 'turndown';
import { linearLinkLabels } from './linear-link-labels.js';

/**
 * Post, comment and feedback text is kept in the portal's editor format: HTML on `wysiwyg`
 * portals, markdown on `markdown` portals (spec: "The content format of posts and comments
 * depends on the portal setting `editor_type`"). People and agents write markdown, or paste
 * HTML; this turns what they wrote into what the portal keeps (D-TEXT-EDITOR-FORMAT). The
 * command line and the MCP tools both send text through it.
 */

export type EditorType = 'wysiwyg' | 'markdown';
/** What a text was written in. */
export type TextFormat = 'markdown' | 'html';
export const TEXT_FORMATS: readonly TextFormat[] = ['markdown', 'html'];

// Loaded on the first conversion: commands that send no text never load either.
const require = createRequire(import.meta.url);
let markdown: MarkdownIt | undefined;
let turndown: TurndownModule | undefined;

function markdownRenderer(): MarkdownIt {
  if (markdown) return markdown;
  const MarkdownItClass = require('markdown-it') as typeof MarkdownItModule;
  // HTML written inside markdown is the writer's own and passes; the portal sanitizes what it shows.
  markdown = linearLinkLabels(new MarkdownItClass({ html: true, linkify: false, breaks: false, typographer: false }));
  return markdown;
}

function htmlConverter(): TurndownModule {
  if (turndown) return turndown;
  const Turndown = require('turndown') as typeof TurndownModule;
  turndown = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  return turndown;
}

/** Markdown as the HTML a wysiwyg editor keeps: blocks without the renderer's line breaks between them. */
function markdownToHtml(text: string): string {
  return markdownRenderer().render(text).trimEnd();
}

/** HTML as markdown (headings with `#`, fenced code, `-` bullets). */
function htmlToMarkdown(text: string): string {
  return htmlConverter().turndown(text);
}

/** Text written in `format`, as a portal whose editor is `editor` keeps it. */
export function toEditorFormat(text: string, format: TextFormat, editor: EditorType): string {
  if (editor === 'wysiwyg') return format === 'markdown' ? markdownToHtml(text) : text;
  return format === 'html' ? htmlToMarkdown(text) : text;
}
