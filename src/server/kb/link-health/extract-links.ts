import { createRequire } from 'node:module';
import type * as Htmlparser2 from 'htmlparser2';
import type * as Linkify from 'linkify-it';
import type MarkdownItModule from 'markdown-it';
import type { Env, MarkdownIt, Token } from 'markdown-it';
import { linearLinkLabels } from '../../../contract/linear-link-labels.js';
import type { EditorType } from './types.js';

/**
 * The parsers, loaded when links are first looked for (a sync or a scan), not when the
 * server starts, which looks for none.
 */
interface Parsers {
  linkify: Linkify.LinkifyIt;
  markdown: MarkdownIt;
  Parser: typeof Htmlparser2.Parser;
}

const require = createRequire(import.meta.url);
let loaded: Parsers | undefined;

function parsers(): Parsers {
  if (loaded) return loaded;
  const { LinkifyIt } = require('linkify-it') as typeof Linkify;
  const MarkdownItClass = require('markdown-it') as typeof MarkdownItModule;
  // Only URLs written with their scheme count; `example.com` in prose is not a link to check.
  const linkify = new LinkifyIt().set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  // Destinations are taken as written (entities and escapes decoded, nothing
  // percent-encoded) and every scheme is let through: filtering is done once, below.
  const markdown = linearLinkLabels(new MarkdownItClass({ html: true, linkify: true }));
  markdown.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  markdown.normalizeLink = (url) => url;
  markdown.validateLink = () => true;
  loaded = { linkify, markdown, Parser: (require('htmlparser2') as typeof Htmlparser2).Parser };
  return loaded;
}

/** HTML elements whose content is an example, not a link. */
const CODE_ELEMENTS = new Set(['pre', 'code', 'script', 'style']);

/**
 * Every distinct absolute http(s) URL in an article, in order of first appearance.
 * Image sources count too: a broken image is as broken as a broken link.
 * URLs inside code (fenced blocks, inline code, <pre>, <code>) are examples, not links.
 * Markdown and HTML are parsed by markdown-it and htmlparser2, both linear in the input.
 */
export function extractLinks(body: string, editorType: EditorType): string[] {
  const found: string[] = [];
  if (editorType === 'markdown') fromMarkdown(body, found);
  else fromHtml(body, found);

  const seen = new Set<string>();
  const out: string[] = [];
  for (const url of found) {
    if (!seen.has(url) && isHttpUrl(url)) {
      seen.add(url);
      out.push(url);
    }
  }
  return out;
}

function fromMarkdown(body: string, found: string[]): void {
  const env: Env = {};
  walk(parsers().markdown.parse(body, env), found);
  // Reference definitions count even when no link uses them.
  const references = (env.references ?? {}) as Record<string, { href: string }>;
  for (const { href } of Object.values(references)) found.push(href);
}

function walk(tokens: Token[], found: string[]): void {
  for (const token of tokens) {
    if (token.type === 'link_open') found.push(String(token.attrGet('href') ?? ''));
    else if (token.type === 'image') found.push(String(token.attrGet('src') ?? ''));
    else if (token.type === 'html_block' || token.type === 'html_inline') fromHtml(token.content, found);
    if (token.children) walk(token.children, found);
  }
}

/** href and src of every element, and URLs written as text outside code. */
function fromHtml(html: string, found: string[]): void {
  let inCode = 0;
  // Text may arrive in pieces (around entities): a URL is looked for in the whole run.
  let text = '';
  const flush = () => {
    if (inCode === 0) fromText(text, found);
    text = '';
  };
  const parser = new (parsers().Parser)(
    {
      onopentag(name, attribs) {
        flush();
        if (CODE_ELEMENTS.has(name)) inCode++;
        if (attribs.href !== undefined) found.push(attribs.href.trim());
        if (attribs.src !== undefined) found.push(attribs.src.trim());
      },
      onclosetag(name) {
        flush();
        if (CODE_ELEMENTS.has(name) && inCode > 0) inCode--;
      },
      ontext(piece) {
        text += piece;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();
}

function fromText(text: string, found: string[]): void {
  for (const match of parsers().linkify.match(text) ?? []) found.push(match.url);
}

function isHttpUrl(candidate: string): boolean {
  try {
    const u = new URL(candidate);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
