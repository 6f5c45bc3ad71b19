import { describe, expect, it } from 'vitest';
import { UnknownName, UsageError } from '../../../src/cli/errors.js';
import { pickNamed } from '../../../src/cli/resolve/by-name.js';

const what = { kind: 'user', flag: '--user', plural: 'users' };
const users = Array.from({ length: 25 }, (_, i) => ({ id: `u${i}`, name: `User ${String(i).padStart(2, '0')}` }));

describe('pickNamed', () => {
  it('an exact name wins over names that differ only in case', () => {
    const items = [{ name: 'Sam' }, { name: 'sam' }];
    expect(pickNamed(items, 'sam', what)).toBe(items[1]);
  });

  it('a name several items share (in any case) is a usage error listing them', () => {
    const items = [
      { name: 'Sam Lee', email: 'sam@a.test' },
      { name: 'sam lee', email: 'lee@b.test' },
    ];
    const label = (u: (typeof items)[number]) => `${u.name} <${u.email}>`;
    expect(() => pickNamed(items, 'SAM LEE', what, (u) => [u.email, u.name], label)).toThrow(
      new UsageError('--user "SAM LEE" matches several users: Sam Lee <sam@a.test>, sam lee <lee@b.test>; use the id'),
    );
  });

  it('names that start with what was typed are suggested, at most three, each item once', () => {
    const people = [
      { name: 'Tom Becker', email: 'tom.becker@acme.test' },
      { name: 'Tomás Ruiz', email: 'truiz@acme.test' },
      { name: 'Ann Admin', email: 'ann@acme.test' },
    ];
    const keys = (u: (typeof people)[number]) => [u.name, u.email];
    expect(() => pickNamed(people, 'tom', what, keys)).toThrow(
      / Did you mean "Tom Becker" or "Tomás Ruiz"\? valid users: /,
    );
    expect(() => pickNamed(people, 'becker', what, keys)).toThrow(/ Did you mean "Tom Becker"\? /);
    expect(() => pickNamed(users, 'User', what)).toThrow(/ Did you mean "User 00", "User 01" or "User 02"\? /);
    expect(() => pickNamed(people, 'Zed', what, keys)).toThrow(/^unknown user "Zed" for --user\. valid users: /);
  });

  it('a long list of valid names stops after 10 and says how many more there are', () => {
    const names = users
      .slice(0, 10)
      .map((u) => JSON.stringify(u.name))
      .join(', ');
    expect(() => pickNamed(users, 'Nobody at all', what)).toThrow(
      new UnknownName(`unknown user "Nobody at all" for --user. valid users: ${names}, and 15 more`),
    );
  });
});
