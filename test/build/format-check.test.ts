import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

/** What Biome's formatter makes of `text`, as `npm run format` would write it to a file of that name. */
function formatted(name: string, text: string): string {
  const r = spawnSync(BIOME, ['format', `--stdin-file-path=${join(ROOT, name)}`], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('the format check (D-FORMAT-BIOME)', () => {
  it("writes TypeScript in Prettier's style: single quotes, trailing commas, parenthesised arrow parameters, 120 columns", () => {
    const long = `export const x = f("${'a'.repeat(60)}", "${'b'.repeat(60)}");\n`;
    expect(formatted('src/example.ts', 'const f = x => ({ "a": "b", c: [1,2] })\n')).toBe(
      "const f = (x) => ({ a: 'b', c: [1, 2] });\n",
    );
    expect(formatted('src/example.ts', long)).toBe(
      `export const x = f(\n  '${'a'.repeat(60)}',\n  '${'b'.repeat(60)}',\n);\n`,
    );
  });

  it('keeps single quotes in YAML, and npm run lint and npm run format use it', () => {
    expect(formatted('ci/example.yml', 'a: "x"\n')).toBe("a: 'x'\n");
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.format).toBe('biome format --write');
    expect(readFileSync(join(ROOT, 'scripts', 'lint.mjs'), 'utf8')).toContain(
      "['biome format', bin('biome'), ['format']]",
    );
  });
});
