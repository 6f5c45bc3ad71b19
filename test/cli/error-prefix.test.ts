import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/errors.js';

const SRC = join(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('one error prefix everywhere', () => {
  it('every error fp writes to stderr itself starts with `error:`', () => {
    // A write of an error's message to stderr (or as a status line) names it with the one prefix.
    const writesAnError = /(stderr\.write|status)\(\s*`([^`]*)\$\{\(?(err|e|error)\b[^}]*\.message\}/;
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const m = writesAnError.exec(line);
          if (m && !/^(error|warning): /.test(m[2])) offenders.push(`${relative(SRC, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('a failure that reaches the top is printed as `error: …`', () => {
    expect(describeFailure(new Error('boom'), { raw: false }).lines[0]).toBe('error: boom');
  });
});
