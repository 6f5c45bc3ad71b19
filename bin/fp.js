#!/usr/bin/env node
import module from 'node:module';

// Node 22.1+ keeps the compiled code of dist/ on disk between runs (absent on Node 20).
module.enableCompileCache?.();
const { main } = await import('../dist/cli.js');

process.once('SIGINT', () => process.exit(130));
// `fp … | head` closes the pipe early: stop quietly, like other Unix tools.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
process.exitCode = await main(process.argv.slice(2));
