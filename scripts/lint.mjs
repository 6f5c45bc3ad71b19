// `npm run lint`: ESLint (layering, regexp rules), import cycles with type imports, knip (unused
// files, exports and dependencies; then the product alone, where an export only tests use is
// unused) and Biome's format check. They run side by side, each one's output kept and printed
// whole when it ends, so a failure reads as it would alone; the exit status is 1 if any failed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// ESLint remembers the files it found clean (by content) here, so a second run reads only what
// changed; a clean clone starts without it. Import cycles are checked anew each time by
// check-cycles.mjs, which a cache of single files could not see.
const cache = join(root, 'node_modules', '.cache');

const CHECKS = [
  ['eslint', bin('eslint'), ['.', '--cache', '--cache-location', join(cache, 'eslint') + '/']],
  ['import cycles', process.execPath, [join(root, 'scripts', 'check-cycles.mjs')]],
  ['knip', bin('knip'), []],
  ['knip --production', bin('knip'), ['--production']],
  // The whole tree in about a second: the format check needs no cache (D-FORMAT-BIOME).
  ['biome format', bin('biome'), ['format']],
];

function run([name, command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => resolve({ name, ok: false, output: `${err.message}\n` }));
    child.on('close', (code) => resolve({ name, ok: code === 0, output }));
  });
}

const results = await Promise.all(CHECKS.map(run));
for (const { name, ok, output } of results) {
  if (ok) continue;
  process.stdout.write(`\n✖ ${name}\n${output}`);
}
const failed = results.filter((r) => !r.ok).map((r) => r.name);
console.log(
  failed.length ? `lint failed: ${failed.join(', ')}` : `lint passed (${CHECKS.map((c) => c[0]).join(', ')})`,
);
process.exit(failed.length ? 1 : 0);
