// esbuild options of dist/, shared by scripts/build.mjs and the tests of the start-up module graph.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/**
 * Dependencies bundled into dist/ rather than loaded from node_modules. They are on
 * the path of every command: commander is read as one file rather than through
 * Node's CommonJS loader, zod's ESM index alone compiles some 80 files (every locale),
 * and conf (with ajv) is some 60 CommonJS files, loaded only
 * for a stored profile. The ES-module-only packages imported for their default export
 * are bundled too: `require()` of one gives its namespace, which the CommonJS program
 * would take for the default export itself.
 */
const BUNDLED = new Set(['commander', 'zod', 'conf', 'chalk', 'ora', 'wrap-ansi', 'string-width', 'cli-truncate']);

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name)),
  sourcemap: true,
  define: { __FP_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

/**
 * The module graph of the CLI as esbuild splits it: one chunk per lazily imported module
 * (a command group, the client, the output writers…). The start-up tests read it: a module
 * this graph keeps behind an `import()` is, in dist/cli.cjs too, run only when imported.
 * @type {import('esbuild').BuildOptions}
 */
export const cliGraphOptions = {
  ...common,
  entryPoints: { cli: 'src/cli/main.ts' },
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
};

/**
 * dist/cli.cjs, the program bin/fp.js runs: one CommonJS file, so that a command compiles one
 * script (with a V8 code cache, see bin/fp.js) instead of some thirty ES modules, each read,
 * linked and compiled on its own. Modules imported with `import()` stay lazy: esbuild wraps
 * each in a function run on first import. No `import()` is left in the file (a script
 * compiled from a code cache cannot use it): packages are loaded with `require()`, which
 * loads ES modules too on Node 20.19 and later.
 * @type {import('esbuild').BuildOptions}
 */
export const cliOptions = {
  ...common,
  entryPoints: { cli: 'src/cli/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  supported: { 'dynamic-import': false },
  // No comments in the file: it stays ASCII (esbuild escapes strings, not comments), which
  // bin/fp.js reads as Latin-1, one byte a character that V8 keeps as is.
  minifyWhitespace: true,
  // The few modules that locate files next to themselves (the demo seed, libsql's loader).
  define: { ...common.define, 'import.meta.url': '__fpModuleUrl' },
  inject: [join(root, 'scripts', 'module-url.js')],
};

/**
 * dist/webhook-thread.cjs, the program of the reference server's webhook delivery thread: one
 * CommonJS file like the CLI's, which a worker thread loads by its path.
 * @type {import('esbuild').BuildOptions}
 */
export const threadOptions = {
  ...cliOptions,
  entryPoints: { 'webhook-thread': 'src/server/webhooks/thread-entry.ts' },
};

/** The reference server and the OpenAPI document as ES modules (dist/server.js, dist/openapi.js). */
export const buildOptions = {
  ...common,
  entryPoints: {
    openapi: 'src/contract/openapi.ts',
    server: 'src/server/start-server.ts',
  },
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  banner: {
    js: "import { createRequire as __fpCreateRequire } from 'node:module';\nconst require = __fpCreateRequire(import.meta.url);",
  },
  chunkNames: 'chunks/[name]-[hash]',
};
