import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/rule-coverage.mjs');

describe('scripts/rule-coverage.mjs', () => {
  it('every rule of docs/rules.md and every decision of docs/decisions.md has an id and a test naming it, and no test names an unknown id', () => {
    // --strict: a decision added without an id, or a rule left awaiting its tests, fails too.
    const r = spawnSync(process.execPath, [SCRIPT, '--strict'], { encoding: 'utf8' });
    console.log(
      r.stdout
        .split('\n')
        .filter((l) => !l.startsWith('ok '))
        .join('\n')
        .trim(),
    );
    expect(r.stdout).toMatch(
      /; 0 without a test, 0 awaiting the MCP suite, 0 citations of unknown ids, 0 decisions without an id\n$/,
    );
    expect(r.status).toBe(0);
  });
});
