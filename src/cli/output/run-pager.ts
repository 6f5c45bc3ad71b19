import { spawn } from 'node:child_process';
import type { IO } from '../io.js';

/** What the shell answers for a command it cannot find (127) or run (126). */
const NOT_STARTED = new Set([126, 127]);

/**
 * Writes `text` through the pager command (run by the shell, as git and gh run theirs) on
 * fp's own terminal, and resolves when the pager has quit: true when it ran, false when it
 * could not start (nothing was shown; the caller writes the text itself). A pager that quits
 * before reading everything is the person's choice, not an error (D-PAGER).
 */
export function runPager(io: IO, text: string, command: string): Promise<boolean> {
  // less shows colours (R), stays on screen after quitting (X) and quits at once for less
  // than a screen (F); lv shows colours (-c). A person's own settings win.
  const env = { ...io.env, LESS: io.env.LESS ?? 'FRX', LV: io.env.LV ?? '-c' };
  // Ctrl-C is for the pager (less stops a search with it): fp waits for the pager to quit.
  const interrupts = process.listeners('SIGINT');
  const ignore = () => {};
  process.on('SIGINT', ignore);
  for (const listener of interrupts) process.off('SIGINT', listener);
  return new Promise<boolean>((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['pipe', 'inherit', 'inherit'], env });
    let settled = false;
    // A spawn that fails reports an error and may close too: the first word counts.
    const done = (ran: boolean) => {
      if (settled) return;
      settled = true;
      for (const listener of interrupts) process.on('SIGINT', listener);
      process.off('SIGINT', ignore);
      resolve(ran);
    };
    child.once('error', () => done(false));
    child.once('close', (code) => done(!NOT_STARTED.has(code ?? 0)));
    // EPIPE: the pager quit before reading the rest.
    child.stdin.on('error', () => {});
    child.stdin.end(text);
  });
}
