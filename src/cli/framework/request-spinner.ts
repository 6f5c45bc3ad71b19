import { isInteractive, type IO } from '../io.js';
import { terminalText } from '../output/terminal-text.js';

/** How long a request may take before the spinner appears. */
const SPINNER_DELAY_MS = 300;
const FRAME_MS = 80;
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const ERASE = '\r\x1b[2K';

export interface RequestSpinner {
  /** A request began; call the returned function when its answer arrives (or it failed). */
  begin(what: string): () => void;
  /** Erase the spinner now (a status line is about to be written); it comes back on its next frame. */
  clear(): void;
  /** A progress line owns the terminal line: no spinner until released. */
  hold(): () => void;
}

const spinners = new WeakMap<IO, RequestSpinner | null>();

/**
 * The one spinner of a run, on stderr after SPINNER_DELAY_MS of waiting for any request;
 * undefined (nothing is ever drawn) unless stdin, stdout and stderr are terminals outside CI,
 * so piped output and logs stay clean. Erased as soon as no request is waiting, which is
 * before any output is written.
 */
export function requestSpinner(io: IO): RequestSpinner | undefined {
  if (!spinners.has(io)) spinners.set(io, isInteractive(io) && io.stdoutIsTTY ? createSpinner(io) : null);
  return spinners.get(io) ?? undefined;
}

function createSpinner(io: IO): RequestSpinner {
  const waiting = new Set<{ what: string }>();
  let holds = 0;
  let delay: NodeJS.Timeout | undefined;
  let ticker: NodeJS.Timeout | undefined;
  let frame = 0;
  let shown = false;

  const erase = () => {
    if (shown) io.stderr.write(ERASE);
    shown = false;
  };
  const draw = () => {
    const oldest = waiting.values().next().value;
    if (!oldest || holds > 0) return erase();
    const text = `${FRAMES[frame++ % FRAMES.length]} Waiting for ${oldest.what}…`;
    // Never wider than the terminal: a wrapped line could not be erased with one \r.
    io.stderr.write(`${ERASE}${[...text].slice(0, Math.max(1, io.columns - 1)).join('')}`);
    shown = true;
  };
  const stop = () => {
    clearTimeout(delay);
    clearInterval(ticker);
    delay = ticker = undefined;
    erase();
  };

  return {
    begin(what) {
      const request = { what: terminalText(what.split('?', 1)[0]) };
      waiting.add(request);
      if (!delay && !ticker) {
        delay = setTimeout(() => {
          draw();
          ticker = setInterval(draw, FRAME_MS).unref();
        }, SPINNER_DELAY_MS).unref();
      }
      return () => {
        if (!waiting.delete(request) || waiting.size > 0) return;
        stop();
      };
    },
    clear: erase,
    hold() {
      holds++;
      erase();
      let released = false;
      return () => {
        if (!released) holds--;
        released = true;
      };
    },
  };
}
