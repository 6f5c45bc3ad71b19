import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/check-cycles.mjs');
const check = (dir: string) => spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8', timeout: 60_000 });

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fp-cycles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('scripts/check-cycles.mjs (part of npm run lint)', () => {
  it('finds a cycle closed by a type import, which ESLint’s no-cycle skips, and names its files', () => {
    const dir = tree({
      'a.ts': "import type { B } from './b.js';\nexport const a = (b: B) => b;\n",
      'b.ts': "import { a } from './a.js';\nexport type B = number;\nexport const c = a;\n",
      'c/d.ts': "import { a } from '../a.js';\nexport const d = a;\n",
    });
    const r = check(dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^import cycle \(type imports count\): .*a\.ts ↔ .*b\.ts$/m);
    expect(r.stderr).not.toContain('d.ts');
  });

  it('passes a tree whose imports run one way, dynamic and index imports included', () => {
    const dir = tree({
      'a.ts': "import { b } from './b/index.js';\nexport const a = () => import('./c.js');\nexport const x = b;\n",
      'b/index.ts': "import type { C } from '../c.js';\nexport const b: C = 1;\n",
      'c.ts': 'export type C = number;\n',
    });
    const r = check(dir);
    expect([r.status, r.stdout.trim()]).toEqual([0, expect.stringMatching(/^no import cycles among 3 files/)]);
  });

  it('src has none, and npm run lint runs the check', () => {
    expect(check(resolve(import.meta.dirname, '../../src')).status).toBe(0);
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(pkg.scripts.lint).toBe('node scripts/lint.mjs');
    const lint = readFileSync(resolve(import.meta.dirname, '../../scripts/lint.mjs'), 'utf8');
    expect(lint).toContain("join(root, 'scripts', 'check-cycles.mjs')");
  });
});
