import { describe, expect, it } from 'vitest';
import { colorEnabled, resolveFormat } from '../../../src/cli/output/format.js';
import { fakeIO } from '../../support/fake-io.js';

describe('FORCE_COLOR through a pipe', () => {
  it('alone gives the coloured table a terminal gets', () => {
    const io = fakeIO({ env: { FORCE_COLOR: '1' } });
    expect(resolveFormat({}, io)).toBe('table');
    expect(colorEnabled({}, io)).toBe(true);
  });

  it('0, NO_COLOR or an explicit format keep the plain rows', () => {
    expect(resolveFormat({}, fakeIO({ env: { FORCE_COLOR: '0' } }))).toBe('plain');
    expect(resolveFormat({}, fakeIO({ env: { FORCE_COLOR: '1', NO_COLOR: '1' } }))).toBe('plain');
    expect(resolveFormat({ format: 'csv' }, fakeIO({ env: { FORCE_COLOR: '1' } }))).toBe('csv');
    expect(resolveFormat({ json: true }, fakeIO({ env: { FORCE_COLOR: '1' } }))).toBe('json');
  });

  it('without it, a pipe gets plain rows', () => {
    expect(resolveFormat({}, fakeIO())).toBe('plain');
    expect(colorEnabled({}, fakeIO())).toBe(false);
  });
});

describe('--json and --jq with another --format', () => {
  it('--format csv or table beside --json or --jq is a usage error; json and ndjson are JSON', () => {
    const io = fakeIO();
    expect(() => resolveFormat({ json: true, format: 'csv' }, io)).toThrow(
      '--json prints JSON and --format csv does not: give one of them',
    );
    expect(() => resolveFormat({ jq: '.', format: 'table' }, io)).toThrow(
      '--jq prints JSON and --format table does not: give one of them',
    );
    expect(resolveFormat({ json: true, format: 'json' }, io)).toBe('json');
    expect(resolveFormat({ jq: '.', format: 'ndjson' }, io)).toBe('json');
  });
});
