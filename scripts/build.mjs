// Bundles the CLI with esbuild: one small entry chunk, each command group and
// heavy module in its own lazily imported chunk.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
rmSync(join(root, 'dist'), { recursive: true, force: true });

/** Dependencies bundled into dist/ rather than loaded from node_modules. */
const BUNDLED = new Set(['commander', 'zod', 'undici']);

await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli/main.ts', openapi: 'src/contract/openapi.ts', server: 'src/server/start-server.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // On the path of every command, bundled: commander is read as one ESM file rather than
  // through Node's CommonJS loader, and zod's ESM is tree-shaken (its index alone
  // compiles some 80 files, every locale included). Everything else stays in node_modules.
  external: Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name)),
  banner: { js: "import { createRequire as __fpCreateRequire } from 'node:module';\nconst require = __fpCreateRequire(import.meta.url);" },
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: { __FP_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
console.log('built dist/');
