// Bundles the CLI with esbuild: one small entry chunk, each command group and
// heavy module in its own lazily imported chunk (options in build-options.mjs).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOptions, root } from './build-options.mjs';

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build(buildOptions);

// The root help page, rendered once at 80 columns (stdout is a pipe here): bin/fp.js prints it
// without loading the program. dist/help.txt does not exist yet, so this run renders it.
const help = spawnSync(process.execPath, [join(root, 'bin', 'fp.js'), '--help'], { encoding: 'utf8' });
if (help.status !== 0 || !help.stdout.startsWith('Usage: fp')) {
  throw new Error(`rendering the help page failed (exit ${help.status}): ${help.stderr}`);
}
writeFileSync(join(root, 'dist', 'help.txt'), help.stdout);
console.log('built dist/');
