// `npm test`: the lint (scripts/lint.mjs) and vitest with the arguments given (`npm test --
// --reporter=json` reaches vitest), side by side. On a clean clone the lint takes some 25 s, most
// of it ESLint on one core, while vitest leaves about a tenth of the machine idle (processes
// starting, servers waiting): run together, the lint costs the wait little. Its output is held
// and printed whole after the tests', so each reads as it would alone. The exit status is the
// lint's failure, else vitest's. The last line says how long each took.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

const lint = spawn(npm, ['run', '--silent', 'lint'], { stdio: ['ignore', 'pipe', 'pipe'] });
let lintOutput = '';
lint.stdout.on('data', (d) => (lintOutput += d));
lint.stderr.on('data', (d) => (lintOutput += d));
const linted = finished(lint);

const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const tested = finished(vitest);

// Ctrl-C reaches both (they are in the terminal's process group); `kill` of npm test alone stops both too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    lint.kill(signal);
    vitest.kill(signal);
  });
}

const tests = await tested;
const lintResult = await linted;
process.stdout.write(lintOutput);
console.log(
  `npm test took ${took(Math.max(tests.at, lintResult.at) - started)} (lint ${took(lintResult.at - started)} alongside the tests, tests ${took(tests.at - started)})`,
);
process.exit(lintResult.code !== 0 ? lintResult.code || 1 : (tests.code ?? 1));

/** When a child ended, and its exit code (null when a signal ended it). */
function finished(child) {
  return new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`npm test: ${err.message}`);
      resolve({ code: 1, at: Date.now() });
    });
    child.on('close', (code) => resolve({ code, at: Date.now() }));
  });
}

/** `4m48s`, `35s`. */
function took(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}
