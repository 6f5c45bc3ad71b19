#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import module from 'node:module';

process.once('SIGINT', () => process.exit(130));
// `fp … | head` closes the pipe early: stop quietly, like other Unix tools.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const args = process.argv.slice(2);
const page = rootHelpPage(args);
if (page) process.stdout.write(page);
else await run(args);

/**
 * `fp --help` as the build rendered it (dist/help.txt, 80 columns): the page is the
 * same every time, so it is printed without loading the program. A terminal of
 * another width gets the page wrapped to it by the program.
 */
function rootHelpPage(argv) {
  if (argv.length !== 1 || !['--help', '-h', 'help'].includes(argv[0])) return undefined;
  if (process.stdout.isTTY && process.stdout.columns !== 80) return undefined;
  try {
    return readFileSync(new URL('../dist/help.txt', import.meta.url));
  } catch {
    return undefined;
  }
}

async function run(argv) {
  // Node 22.1+ keeps the compiled code of dist/ on disk between runs, in the platform's cache
  // folder (NODE_COMPILE_CACHE, when set, names another); Node 20 has no such API and
  // compiles every run.
  if (typeof module.enableCompileCache === 'function') {
    const [{ homedir }, { join }] = await Promise.all([import('node:os'), import('node:path')]);
    const env = process.env;
    const cache =
      process.platform === 'darwin'
        ? join(homedir(), 'Library', 'Caches', 'fp')
        : process.platform === 'win32'
          ? join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'fp', 'Cache')
          : join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'fp');
    module.enableCompileCache(env.NODE_COMPILE_CACHE || join(cache, 'compile-cache'));
  }
  const { main } = await import('../dist/cli.js');
  process.exitCode = await main(argv);
}
