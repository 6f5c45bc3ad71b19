// Builds dist/: the CLI as one CommonJS file (dist/cli.cjs), the webhook delivery thread
// (dist/webhook-thread.cjs), the reference server and the
// OpenAPI document as ES modules (options in build-options.mjs).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOptions, cliOptions, root, threadOptions } from './build-options.mjs';

// A clone where `npm ci` has not run has no esbuild: one line says what to do, not a stack trace.
const { build } = await import('esbuild').catch((err) => {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
  console.error('error: building fp needs its dev dependencies (esbuild): run `npm ci` first');
  process.exit(1);
});

rmSync(join(root, 'dist'), { recursive: true, force: true });
const [, cliBuild] = await Promise.all([
  build(buildOptions),
  build({ ...cliOptions, write: false }),
  build(threadOptions),
]);

// dist/cli.cjs (and its source map) as esbuild made them; the last line names the build by its
// content: bin/fp.js keys its code cache on it.
for (const file of cliBuild.outputFiles) {
  if (!file.path.endsWith('.cjs')) {
    writeFileSync(file.path, file.contents);
    continue;
  }
  if (/[^\x00-\x7f]/.test(file.text))
    throw new Error('dist/cli.cjs holds a character outside ASCII: bin/fp.js reads it as Latin-1');
  const build = createHash('sha256').update(file.contents).digest('hex').slice(0, 32);
  writeFileSync(file.path, `${file.text}\n//# fp-build=${build}\n`);
}

// The root help page, rendered once at 80 columns (stdout is a pipe here): bin/fp.js prints it
// without loading the program. dist/help.txt does not exist yet, so this run renders it.
const help = spawnSync(process.execPath, [join(root, 'bin', 'fp.js'), '--help'], {
  encoding: 'utf8',
  env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
});
if (help.status !== 0 || !help.stdout.startsWith('Usage: fp')) {
  throw new Error(`rendering the help page failed (exit ${help.status}): ${help.stderr}`);
}
writeFileSync(join(root, 'dist', 'help.txt'), help.stdout);
console.log('built dist/');
