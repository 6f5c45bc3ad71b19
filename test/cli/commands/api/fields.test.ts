import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendQuery, buildFields } from '../../../../src/cli/commands/api/fields.js';
import { UsageError } from '../../../../src/cli/errors.js';
import { fakeIO } from '../../../support/fake-io.js';

describe('fp api fields', () => {
  it('-f values stay strings, -F values are typed', async () => {
    const tree = await buildFields(
      ['a=1', 'b=true', 'c=x=y'],
      ['n=42', 'f=-1.5', 't=true', 'no=false', 'z=null', 's=text'],
      fakeIO(),
    );
    expect(tree).toEqual({ a: '1', b: 'true', c: 'x=y', n: 42, f: -1.5, t: true, no: false, z: null, s: 'text' });
  });

  it('-F @file reads the file and @- reads stdin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-api-field-'));
    writeFileSync(join(dir, 'body.txt'), 'from a file\n');
    const typed = async (value: string, io = fakeIO()) => (await buildFields([], [`v=${value}`], io)).v;
    expect(await typed(`@${join(dir, 'body.txt')}`)).toBe('from a file\n');
    expect(await typed('@-', fakeIO({ stdin: 'piped' }))).toBe('piped');
    await expect(typed(`@${join(dir, 'missing.txt')}`)).rejects.toThrow(
      `cannot read ${join(dir, 'missing.txt')}: ENOENT`,
    );
  });

  it('a field without = is a usage error', async () => {
    await expect(buildFields(['name'], [], fakeIO())).rejects.toThrow(
      new UsageError('invalid -f "name": expected key=value'),
    );
    await expect(buildFields([], ['=x'], fakeIO())).rejects.toThrow('invalid -F "=x": expected key=value');
  });

  it('name[] appends to an array and name[key] nests', async () => {
    const tree = await buildFields(['meta[source]=cli', 'meta[tags][]=a'], ['status[]=1', 'status[]=2'], fakeIO());
    expect(tree).toEqual({ status: [1, 2], meta: { source: 'cli', tags: ['a'] } });
    expect(await buildFields([], ['a[b][]=1'], fakeIO())).toEqual({ a: { b: [1] } });
    await expect(buildFields(['a[][b]=1'], [], fakeIO())).rejects.toThrow('[] may only come last');
    await expect(buildFields(['a]=1'], [], fakeIO())).rejects.toThrow('invalid field name');
  });

  it('as a query, arrays are name[]=v and nested keys name[key]=v', () => {
    const params = new URLSearchParams();
    appendQuery(params, { status: [1, 2], tab: 'feedback', meta: { a: 'b' }, empty: null });
    expect(params.toString()).toBe('status%5B%5D=1&status%5B%5D=2&tab=feedback&meta%5Ba%5D=b&empty=');
  });
});
