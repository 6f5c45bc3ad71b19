// Builds dist/: the CLI as one CommonJS file (dist/cli.cjs), the reference server and the
// OpenAPI document as ES modules (options in build-options.mjs).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOptions, cliOptions, root } from './build-options.mjs';

rmSync(join(root, 'dist'), { recursive: true, force: true });
await Promise.all([build(buildOptions), build(cliOptions)]);

const cli = join(root, 'dist', 'cli.cjs');
let program = readFileSync(cli, 'utf8');
// `import x from 'pkg'` of a package that is an ES module: require() gives its namespace, whose
// `default` is x. esbuild's helper, in Node's mode, would take the namespace itself for x (right
// only for CommonJS packages, whose module.exports is x).
const nodeMode = 'isNodeMode || !mod || !mod.__esModule ?';
if (!program.includes(nodeMode))
  throw new Error("esbuild's __toESM helper has changed: check the import of ES module packages in dist/cli.cjs");
program = program.replace(
  nodeMode,
  "isNodeMode && (mod == null || mod[Symbol.toStringTag] !== 'Module') || !mod || !mod.__esModule ?",
);
// ASCII only (esbuild leaves a few characters of comments and regular expressions as they are):
// bin/fp.js reads the file as Latin-1, which V8 keeps one byte a character, and reads it fast.
program = program.replace(/[^\x00-\x7f]/gu, (c) => {
  if (c.length > 1)
    throw new Error(`dist/cli.cjs holds ${c} (outside the Basic Multilingual Plane): escape it in the source`);
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
});
// The last line names the build by its content: bin/fp.js keys its code cache on it.
program += `\n//# fp-build=${createHash('sha256').update(program).digest('hex').slice(0, 32)}\n`;
writeFileSync(cli, program);

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
