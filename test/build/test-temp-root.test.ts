import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot } from '../support/temp-root.js';

describe('where a test run keeps its temp files (D-TEST-TEMP-IN-RAM)', () => {
  it('TMPDIR, when it is set, whatever else there is', () => {
    expect(tempRoot({ TMPDIR: '/somewhere/else' }, tmpdir())).toBe('/somewhere/else');
  });

  it('else the RAM folder, when it can be written and has room', () => {
    const roomy = mkdtempSync(join(tmpdir(), 'fp-ram-'));
    expect(tempRoot({}, roomy)).toBe(roomy);
  });

  it("else the system's temp folder", () => {
    expect(tempRoot({}, join(tmpdir(), 'no-such-folder'))).toBe(tmpdir());
  });
});
