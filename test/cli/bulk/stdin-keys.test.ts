import { describe, expect, it } from 'vitest';
import { readStdinKeys } from '../../../src/cli/bulk/stdin-keys.js';
import { fakeIO } from '../../support/fake-io.js';

/** The keys a bulk command reads from this stdin. */
const keysOn = (stdin: string, what: string, opts?: Parameters<typeof readStdinKeys>[2]) =>
  readStdinKeys(fakeIO({ stdin }), what, opts);

describe('keys on stdin', () => {
  it('one a line or whitespace separated; a name keeps its spaces with perLine', async () => {
    expect(await keysOn('dark1\n sso22  \n\nabc12 def34\n', 'post key')).toEqual(['dark1', 'sso22', 'abc12', 'def34']);
    expect(await keysOn('Tom Becker\n\n 7 \n', 'user', { perLine: true })).toEqual(['Tom Becker', '7']);
  });

  it('the --json of a list (an array) or NDJSON: the id of each object, or the string itself', async () => {
    expect(await keysOn('[{"id":"dark1","title":"x"},"sso22"]', 'post key')).toEqual(['dark1', 'sso22']);
    expect(await keysOn('{"id":"dark1"}\n{"id":7}\n', 'user')).toEqual(['dark1', '7']);
  });

  it('duplicates are dropped, the first kept', async () => {
    expect(await keysOn('b a\nb\n', 'post key')).toEqual(['b', 'a']);
  });

  it('JSON that is not, or an object without the key, is a usage error naming where', async () => {
    await expect(keysOn('[{"id":"dark1"},', 'post key')).rejects.toThrow(
      'stdin starts as a JSON array but is not JSON',
    );
    await expect(keysOn('[{"title":"x"}]', 'post key')).rejects.toThrow(
      'stdin item 1 has no post key (expected a string or an object with "id")',
    );
    await expect(keysOn('{"id":"a"}\nnot json\n', 'post key')).rejects.toThrow('stdin line 2 is not JSON');
  });
});
