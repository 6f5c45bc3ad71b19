import { createRequire } from 'node:module';
import type * as Htmlparser2 from 'htmlparser2';
import type MarkdownItModule from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import type { EditorType } from '../../contract/editor-format.js';
import { linearLinkLabels } from '../../contract/linear-link-labels.js';
import type { PageLine, Run } from './page.js';

// Loaded when a body is first shown: list and table commands never load them.
const require = createRequire(import.meta.url);
let markdown: MarkdownIt | undefined;

/** Markdown as the portal renders it: raw HTML in the source stays text (D-COMMENT-FORMATTED). */
function markdownRenderer(): MarkdownIt {
  if (markdown) return markdown;
  const MarkdownItClass = require('markdown-it') as typeof MarkdownItModule;
  markdown = linearLinkLabels(new MarkdownItClass({ html: false, linkify: true, breaks: false, typographer: false }));
  markdown.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  return markdown;
}

/** Elements that start a line of their own, separated from the text before by a blank line. */
const SPACED = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'ul', 'ol', 'table', 'hr']);
/** Elements that start a line of their own. */
const BLOCKS = new Set([...SPACED, 'div', 'li', 'tr', 'dt', 'dd']);
const BOLD = new Set(['strong', 'b', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th']);
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'template', 'noscript']);

interface List {
  ordered: boolean;
  next: number;
}

/**
 * A post, comment or feedback body as lines of a page: markdown (a `markdown` portal) is rendered
 * first, then the HTML (a `wysiwyg` portal's own) is read for its text: strong text and headings
 * bold, links as `text (url)`, list items with a bullet or their number, code as written.
 */
export function richTextLines(body: string, editor: EditorType, indent = 0): PageLine[] {
  const html = editor === 'markdown' ? markdownRenderer().render(body) : body;
  const reader = new BodyReader(indent);
  const { Parser } = require('htmlparser2') as typeof Htmlparser2;
  const parser = new Parser(reader, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return reader.finish();
}

/** htmlparser2's handler: builds the lines as the elements open and close. */
class BodyReader implements Partial<Htmlparser2.Handler> {
  private readonly lines: PageLine[] = [];
  private runs: Run[] = [];
  private hang: string | undefined;
  private bold = 0;
  private skipping = 0;
  private pre = 0;
  private quote = 0;
  private readonly lists: List[] = [];
  private readonly links: Array<{ href: string; from: number }> = [];

  constructor(private readonly indent: number) {}

  onopentag(name: string, attrs: Record<string, string>): void {
    if (SKIPPED.has(name)) this.skipping++;
    // Inside a list, paragraphs and nested lists stay with their item: no blank line.
    if (BLOCKS.has(name)) this.breakLine(SPACED.has(name) && this.lists.length === 0);
    if (BOLD.has(name)) this.bold++;
    if (name === 'pre') this.pre++;
    if (name === 'blockquote') this.quote++;
    if (name === 'ul' || name === 'ol') this.lists.push({ ordered: name === 'ol', next: Number(attrs.start) || 1 });
    if (name === 'li') this.startItem();
    if (name === 'a') this.links.push({ href: attrs.href ?? '', from: this.textLength() });
    if (name === 'br') this.breakLine(false, true);
    if (name === 'img' && attrs.alt) this.add(`[${attrs.alt}]`);
    if (name === 'hr') this.add('———');
  }

  ontext(text: string): void {
    if (this.skipping) return;
    if (this.pre) {
      const [first, ...rest] = text.split('\n');
      this.add(first);
      for (const line of rest) {
        this.breakLine(false, true);
        this.add(line);
      }
      return;
    }
    this.add(text.replace(/\s+/g, ' '));
  }

  onclosetag(name: string): void {
    if (SKIPPED.has(name)) this.skipping--;
    if (name === 'a') this.endLink();
    if (BOLD.has(name)) this.bold--;
    if (BLOCKS.has(name)) this.breakLine(false);
    if (name === 'pre') this.pre--;
    if (name === 'blockquote') this.quote--;
    if (name === 'ul' || name === 'ol') this.lists.pop();
  }

  finish(): PageLine[] {
    this.breakLine(false);
    while (this.lines.at(-1)?.runs.length === 0) this.lines.pop();
    return this.lines;
  }

  private add(text: string): void {
    if (text === '') return;
    const bold = this.bold > 0;
    const last = this.runs.at(-1);
    if (last && Boolean(last.bold) === bold) last.text += text;
    else this.runs.push(bold ? { text, bold } : { text });
  }

  private textLength(): number {
    return this.runs.reduce((n, r) => n + r.text.length, 0);
  }

  /** A link shows where it goes after its text, unless the text is the address itself. */
  private endLink(): void {
    const link = this.links.pop();
    if (!link?.href) return;
    const text = this.runs
      .map((r) => r.text)
      .join('')
      .slice(link.from)
      .trim();
    const bare = link.href.replace(/^mailto:/i, '');
    if (text !== link.href && text !== bare) this.add(text ? ` (${link.href})` : link.href);
  }

  private startItem(): void {
    const list = this.lists.at(-1);
    this.hang = list?.ordered ? `${list.next++}. ` : '• ';
  }

  private depth(): number {
    return this.indent + 2 * this.quote + 2 * Math.max(0, this.lists.length - 1);
  }

  /** Ends the line being built (a `br` or a line of code continues under the same marker). */
  private breakLine(spaced: boolean, continued = false): void {
    const runs = this.pre ? this.runs : trimRuns(this.runs);
    if (runs.length || (continued && this.pre)) {
      const line: PageLine = { runs, indent: this.depth() };
      if (this.pre) line.pre = true;
      if (this.hang !== undefined) {
        line.hang = this.hang;
        this.hang = continued ? ' '.repeat(this.hang.length) : undefined;
      }
      this.lines.push(line);
    }
    this.runs = [];
    if (spaced && this.lines.length && this.lines.at(-1)!.runs.length) this.lines.push({ runs: [] });
  }
}

/** Runs without the blanks that start and end the line. */
function trimRuns(runs: Run[]): Run[] {
  const out = runs.map((r) => ({ ...r }));
  while (out.length && (out[0].text = out[0].text.trimStart()) === '') out.shift();
  while (out.length && (out[out.length - 1].text = out[out.length - 1].text.trimEnd()) === '') out.pop();
  return out;
}
