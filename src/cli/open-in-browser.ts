import { spawn } from 'node:child_process';
import type { Factory } from './factory.js';
import type { FlagSpec } from './framework/flags.js';
import { inCI, type IO } from './io.js';
import { terminalText } from './output/terminal-text.js';

/** `-w, --web` of the commands that have a page in the portal (D-WEB-OPEN). */
export const webFlag = (what: string): FlagSpec => ({
  flags: '-w, --web',
  description: `open ${what} in the browser (under CI or without a display, print its address)`,
});

/** How a page is shown: its address printed, or a launcher run with the address as its last argument. */
type Opener = { print: string } | { command: string; args: string[]; source: string };

/**
 * `CI` prints; else `BROWSER` (a command line, words split on blanks, `%s` standing for the
 * address); else, on a Unix without `DISPLAY` or `WAYLAND_DISPLAY`, print; else the platform's
 * opener (`open`, `rundll32 url.dll,FileProtocolHandler`, `xdg-open`).
 */
function chooseOpener(env: IO['env'], platform: NodeJS.Platform = process.platform): Opener {
  if (inCI({ env } as IO)) return { print: 'CI' };
  const browser = env.BROWSER?.trim();
  if (browser) {
    const [command, ...args] = browser.split(/\s+/);
    return { command, args, source: 'BROWSER' };
  }
  if (platform === 'darwin') return { command: 'open', args: [], source: 'the platform opener' };
  if (platform === 'win32')
    return { command: 'rundll32', args: ['url.dll,FileProtocolHandler'], source: 'the platform opener' };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { print: 'no display' };
  return { command: 'xdg-open', args: [], source: 'the platform opener' };
}

/** The launcher's arguments: `%s` replaced by the address, else the address appended. */
function launcherArgs(args: string[], url: string): string[] {
  return args.some((a) => a.includes('%s')) ? args.map((a) => a.replaceAll('%s', url)) : [...args, url];
}

/**
 * Open a page of the portal: an absolute http(s) address from the portal (anything else is refused,
 * so a portal's `javascript:` or `file:` address never reaches a launcher), printed on stdout or
 * handed to the launcher as one argument, no shell between. Resolves when the launcher has exited.
 */
export async function openInBrowser(f: Factory, address: string, what: string): Promise<void> {
  const url = webAddress(address, what);
  const opener = chooseOpener(f.io.env);
  if ('print' in opener) {
    f.io.stdout.write(`${url}\n`);
    return;
  }
  f.status(`Opening ${url} in your browser.`);
  const code = await new Promise<number | string>((resolve) => {
    // The launcher's own output goes to stderr: stdout stays the command's.
    const child = spawn(opener.command, launcherArgs(opener.args, url), { stdio: ['ignore', 2, 2] });
    child.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    child.once('exit', (exit, signal) => resolve(exit ?? signal ?? 1));
  });
  if (code === 0) return;
  const why = typeof code === 'number' ? `exited with ${code}` : `could not start (${code})`;
  throw new Error(
    `the browser command "${terminalText(opener.command)}" (${opener.source}) ${why}; the page is ${url}` +
      (opener.source === 'BROWSER' ? '' : ' (set BROWSER to the browser to use)'),
  );
}

/** The address as the URL parser writes it (no control characters), when it is absolute http(s). */
function webAddress(address: string, what: string): string {
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`the portal gave no web address for ${what} (${JSON.stringify(terminalText(address))})`);
  return url.href;
}
