import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resolveAnonymousId } from '../../../../src/cli/commands/votes/anonymous-id.js';
import { UsageError } from '../../../../src/cli/errors.js';

describe('anonymous voter id', () => {
  it('--anonymous-from is the MD5 hex of the trimmed, lower-cased e-mail', () => {
    expect(resolveAnonymousId({ anonymousFrom: '  Jane@Example.COM \n' })).toBe(
      createHash('md5').update('jane@example.com').digest('hex'),
    );
    expect(resolveAnonymousId({ anonymousFrom: 'jane@example.com' })).toBe('9e26471d35a78862c17e467d87cddedf');
  });

  it('--anonymous is used as given', () => {
    expect(resolveAnonymousId({ anonymous: 'abc123' })).toBe('abc123');
  });

  it('needs exactly one of --anonymous and --anonymous-from', () => {
    expect(() => resolveAnonymousId({})).toThrow(
      new UsageError('missing voter: pass --anonymous ID or --anonymous-from EMAIL'),
    );
    expect(() => resolveAnonymousId({ anonymous: 'a', anonymousFrom: 'b@c.d' })).toThrow(
      new UsageError('use either --anonymous or --anonymous-from, not both'),
    );
  });

  it('refuses empty values', () => {
    expect(() => resolveAnonymousId({ anonymousFrom: '  ' })).toThrow(UsageError);
    expect(() => resolveAnonymousId({ anonymous: '' })).toThrow(UsageError);
  });
});
