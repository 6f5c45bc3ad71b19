import type { Factory } from '../factory.js';
import { terminalText } from '../output/terminal-text.js';
import { inCI } from '../io.js';
import { claimLine } from './line-owner.js';
import { requestSpinner } from './request-spinner.js';

export interface ProgressLine {
  update(text: string): void;
  /** Clear the line (before the result is written). */
  end(): void;
}

/**
 * A progress line on stderr, only when stderr is a terminal and stdout is not streaming to the
 * same terminal (JSON written while the line redraws would interleave).
 */
export function progressLine(f: Factory, stdoutStreams = false): ProgressLine | undefined {
  const io = f.io;
  if (!io.stderrIsTTY || inCI(io) || (stdoutStreams && io.stdoutIsTTY)) return undefined;
  let shown = false;
  // The line shows the work is going on: no request spinner over it.
  let release: (() => void) | undefined;
  const erase = () => {
    if (shown) io.stderr.write('\r\x1b[2K');
    shown = false;
  };
  let giveUp: (() => void) | undefined;
  return {
    update(text) {
      release ??= requestSpinner(io)?.hold();
      giveUp ??= claimLine(io, erase);
      io.stderr.write(`\r\x1b[2K${terminalText(text)}`);
      shown = true;
    },
    end() {
      erase();
      giveUp?.();
      giveUp = undefined;
      release?.();
      release = undefined;
    },
  };
}

/** "Fetched 3 pages, 300 items…" */
export const pagesText = (pages: number, items: number): string =>
  `Fetched ${pages} page${pages === 1 ? '' : 's'}, ${items} item${items === 1 ? '' : 's'}…`;
