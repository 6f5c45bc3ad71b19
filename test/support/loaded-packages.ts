import Module from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFp } from './run-fp.js';

/**
 * Runs the built `fp` and names the packages it required (bare names: `undici`,
 * `@inquirer/prompts`; a subpath counts as its package), through a hook on Node's
 * CommonJS loader, which dist/cli.cjs loads every package with.
 */
export async function packagesLoadedBy(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; packages: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-loaded-'));
  const hook = join(dir, 'hook.cjs');
  const out = join(dir, 'loaded.json');
  writeFileSync(
    hook,
    `const Module = require('node:module');
const seen = new Set();
const load = Module._load;
Module._load = function (request, ...rest) {
  seen.add(request);
  return load.call(this, request, ...rest);
};
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify([...seen])));
`,
  );
  try {
    const { code } = await runFp(args, { env: { ...env, NODE_OPTIONS: `--require ${hook}` } });
    const requests: string[] = JSON.parse(readFileSync(out, 'utf8'));
    const packages = requests
      .filter((r) => !r.startsWith('node:') && !r.startsWith('.') && !r.startsWith('/') && !Module.isBuiltin(r))
      .map((r) =>
        r
          .split('/')
          .slice(0, r.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    return { code, packages: [...new Set(packages)].sort() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
