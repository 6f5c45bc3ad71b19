// `npm test`: the lint (scripts/lint.mjs), then vitest with the arguments given
// (`npm test -- --reporter=json` reaches vitest). Vitest runs even when the lint fails, so one
// run shows both; the exit status is the lint's failure, else vitest's. The last line says how
// long each took, so a newcomer knows what to expect next time.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const lint = spawnSync(npm, ['run', '--silent', 'lint'], { stdio: 'inherit' });
const linted = Date.now();
const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const done = Date.now();
console.log(`npm test took ${took(done - started)} (lint ${took(linted - started)}, tests ${took(done - linted)})`);
process.exit(lint.status !== 0 ? lint.status || 1 : (vitest.status ?? 1));

/** `4m48s`, `35s`. */
function took(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}
