#!/usr/bin/env node
import module from 'node:module';

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

process.once('SIGINT', () => process.exit(130));
// `fp … | head` closes the pipe early: stop quietly, like other Unix tools.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
process.exitCode = await main(process.argv.slice(2));
