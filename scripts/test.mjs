// `npm test`: the lint (ESLint, then the Prettier check), then vitest with the arguments given
// (`npm test -- --reporter=json` reaches vitest). Vitest runs even when the lint fails, so one
// run shows both; the exit status is the lint's failure, else vitest's.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const lint = spawnSync(npm, ['run', '--silent', 'lint'], { stdio: 'inherit' });
const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(lint.status !== 0 ? lint.status || 1 : (vitest.status ?? 1));
