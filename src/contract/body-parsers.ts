import { createRequire } from 'node:module';
import type * as Htmlparser2 from 'htmlparser2';
import type MarkdownItModule from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import { linearLinkLabels } from './linear-link-labels.js';

const require = createRequire(import.meta.url);
let loaded: { markdown: MarkdownIt; Parser: typeof Htmlparser2.Parser } | undefined;

/**
 * The parsers that read a post, comment or article body: markdown-it (HTML inside markdown
 * read too, link labels in one walk, destinations as written whatever their scheme) and
 * htmlparser2. Loaded when a body is first read, not when a program starts.
 */
export function bodyParsers(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const MarkdownItClass = require('markdown-it') as typeof MarkdownItModule;
  const markdown = linearLinkLabels(new MarkdownItClass({ html: true }));
  markdown.normalizeLink = (url) => url;
  markdown.validateLink = () => true;
  loaded = { markdown, Parser: (require('htmlparser2') as typeof Htmlparser2).Parser };
  return loaded;
}
