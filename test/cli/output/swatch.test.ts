import { Chalk } from 'chalk';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { categoryColumns } from '../../../src/cli/commands/categories/columns.js';
import { Output } from '../../../src/cli/output/output.js';
import { fakeIO } from '../../support/fake-io.js';

const categories = [
  { id: 1, name: 'Bugs', color: '#ff0000', sort_order: 1 },
  { id: 22, name: 'Feature requests', color: '#00ff00', sort_order: 2 },
];

describe('the colour swatch of the COLOR column', () => {
  it('is counted in the column width, so the next column stays aligned', async () => {
    const io = fakeIO({ tty: true });
    const out = new Output(io, 'table', new Chalk({ level: 3 }));
    await out.list(categories as never[], categoryColumns as never);
    const lines = stripVTControlCharacters(io.out()).trimEnd().split('\n');
    const orderAt = lines[0].indexOf('ORDER');
    expect(lines[1].indexOf('■ #ff0000')).toBe(lines[0].indexOf('COLOR'));
    expect(lines[1][orderAt]).toBe('1');
    expect(lines[2][orderAt]).toBe('2');
    expect(io.out()).toContain(new Chalk({ level: 3 }).hex('#ff0000')('■'));
  });

  it('is left out of piped rows and CSV', async () => {
    for (const format of ['plain', 'csv'] as const) {
      const io = fakeIO();
      await new Output(io, format, undefined).list(categories as never[], categoryColumns as never);
      expect(io.out()).not.toContain('■');
    }
  });
});
