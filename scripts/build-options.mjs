// esbuild options of dist/, shared by scripts/build.mjs and the test of the start-up import graph.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/**
 * Dependencies bundled into dist/ rather than loaded from node_modules. They are on
 * the path of every command: commander is read as one ESM file rather than through
 * Node's CommonJS loader, zod's ESM index alone compiles some 80 files (every locale),
 * and conf (with ajv) is some 60 CommonJS files, loaded only
 * for a stored profile.
 */
const BUNDLED = new Set(['commander', 'zod', 'conf']);

/** @type {import('esbuild').BuildOptions} */
export const buildOptions = {
  absWorkingDir: root,
  entryPoints: {
    cli: 'src/cli/main.ts',
    openapi: 'src/contract/openapi.ts',
    server: 'src/server/start-server.ts',
    // a worker thread of the seed load, started by file name (see src/server/store/comment-loader.ts)
    'comment-loader-worker': 'src/server/store/comment-loader-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name)),
  banner: { js: "import { createRequire as __fpCreateRequire } from 'node:module';\nconst require = __fpCreateRequire(import.meta.url);" },
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: { __FP_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};
