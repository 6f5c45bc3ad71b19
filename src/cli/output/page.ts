import type stringWidthFn from 'string-width';
import type wrapAnsiFn from 'wrap-ansi';
import { terminalText } from './terminal-text.js';

/** A stretch of text on a line; bold where the portal's text is strong, a heading or a title. */
export interface Run {
  text: string;
  bold?: boolean;
}

/** One line of a page for people (a paragraph, a list item, a heading…), wrapped to the terminal's width. */
export interface PageLine {
  runs: Run[];
  /** Columns of indentation, on every line the text wraps to. */
  indent?: number;
  /** Put before the first line (`• `, `2. `); the lines it wraps to are indented past it. */
  hang?: string;
  /** Code: shown as written, never wrapped. */
  pre?: boolean;
}

export type Page = PageLine[];

export interface PageStyle {
  width: number;
  bold: (text: string) => string;
  wrapAnsi: typeof wrapAnsiFn;
  stringWidth: typeof stringWidthFn;
}

/** The narrowest text column a page wraps to, however deep it is indented. */
const MIN_TEXT_WIDTH = 20;

/**
 * A page as terminal text: each run passes the terminal-text rule (terminal-text.ts) before fp's
 * own bold is put around it, and each line is wrapped to the width on word boundaries (a word longer
 * than the line, such as a long address, stays whole).
 */
export function renderPage(page: Page, style: PageStyle): string {
  return page.map((line) => renderLine(line, style)).join('');
}

function renderLine(line: PageLine, style: PageStyle): string {
  const indent = ' '.repeat(line.indent ?? 0);
  const hang = terminalText(line.hang ?? '');
  const text = line.runs
    .map((run) => {
      const shown = terminalText(line.pre ? run.text.replace(/\t/g, '    ') : run.text);
      return run.bold && shown ? style.bold(shown) : shown;
    })
    .join('');
  if (line.pre || text === '') return `${text === '' ? '' : indent + hang + text}\n`;
  const under = indent + ' '.repeat(style.stringWidth(hang));
  const room = Math.max(MIN_TEXT_WIDTH, style.width - style.stringWidth(under));
  const wrapped = style.wrapAnsi(text, room, { hard: false, trim: true, wordWrap: true }).split('\n');
  return `${wrapped.map((l, i) => (i === 0 ? indent + hang : under) + l).join('\n')}\n`;
}
