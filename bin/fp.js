#!/usr/bin/env node
import { main } from '../dist/cli.js';

process.once('SIGINT', () => process.exit(130));
// `fp … | head` closes the pipe early: stop quietly, like other Unix tools.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});
process.exitCode = await main(process.argv.slice(2));
