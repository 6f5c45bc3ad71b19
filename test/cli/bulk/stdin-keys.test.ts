import { describe, expect, it } from 'vitest';
import { parseKeys } from '../../../src/cli/bulk/stdin-keys.js';

describe('keys on stdin', () => {
  it('one a line or whitespace separated; a name keeps its spaces with perLine', () => {
    expect(parseKeys('dark1\n sso22  \n\nabc12 def34\n', 'post key')).toEqual(['dark1', 'sso22', 'abc12', 'def34']);
    expect(parseKeys('Tom Becker\n\n 7 \n', 'user', { perLine: true })).toEqual(['Tom Becker', '7']);
  });

  it('the --json of a list (an array) or NDJSON: the id of each object, or the string itself', () => {
    expect(parseKeys('[{"id":"dark1","title":"x"},"sso22"]', 'post key')).toEqual(['dark1', 'sso22']);
    expect(parseKeys('{"id":"dark1"}\n{"id":7}\n', 'user')).toEqual(['dark1', '7']);
  });

  it('JSON that is not, or an object without the key, is a usage error naming where', () => {
    expect(() => parseKeys('[{"id":"dark1"},', 'post key')).toThrow('stdin starts as a JSON array but is not JSON');
    expect(() => parseKeys('[{"title":"x"}]', 'post key')).toThrow(
      'stdin item 1 has no post key (expected a string or an object with "id")',
    );
    expect(() => parseKeys('{"id":"a"}\nnot json\n', 'post key')).toThrow('stdin line 2 is not JSON');
  });
});
