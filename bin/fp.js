#!/usr/bin/env node
import module from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The platform's cache folder for fp: compiled code is a cache, never config or data. */
function cacheDir(env, platform = process.platform) {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'fp');
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'fp', 'Cache');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'fp');
}

// Node 22.1+ keeps the compiled code of dist/ on disk between runs; Node 20 has no such
// API, and compiles every run. NODE_COMPILE_CACHE, when set, names the folder instead.
if (typeof module.enableCompileCache === 'function') {
  module.enableCompileCache(process.env.NODE_COMPILE_CACHE || join(cacheDir(process.env), 'compile-cache'));
}
const { main } = await import('../dist/cli.js');

process.once('SIGINT', () => process.exit(130));
// `fp … | head` closes the pipe early: stop quietly, like other Unix tools.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
process.exitCode = await main(process.argv.slice(2));
