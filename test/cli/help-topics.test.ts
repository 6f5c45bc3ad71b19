import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIO } from '../support/fake-io.js';

async function fp(argv: string[]) {
  const io = fakeIO();
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('fp help', () => {
  it('fp help a b prints the page of fp a b --help', async () => {
    for (const words of [['moderation', 'approve'], ['groups', 'users', 'remove'], ['posts', 'list'], ['posts'], []]) {
      const viaHelp = await fp(['help', ...words]);
      const viaFlag = await fp([...words, '--help']);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.out).toBe(viaFlag.out);
      expect(viaHelp.out).toContain(`Usage: fp ${words.join(' ')}`.trimEnd());
    }
  });

  it('an unknown topic exits 2 and names the commands there are', async () => {
    const r = await fp(['help', 'moderation', 'nosuch']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: unknown help topic "moderation nosuch": fp moderation has pending, rejected, review, approve, reject\n',
    );
    const root = await fp(['help', 'nosuch']);
    expect(root.code).toBe(2);
    // The hidden command the completion scripts call is not named.
    expect(root.err).toBe(
      'error: unknown help topic "nosuch": fp has auth, status, portal, posts, comments, categories, groups, votes, statuses, tags, tabs, sections, users, references, widgets, vision, feedback, moderation, webhooks, events, kb, api, mcp, server, completion\n',
    );
  });

  it('every leaf page lists the global flags', async () => {
    const r = await fp(['categories', 'delete', '--help']);
    expect(r.out).toContain('Global Options:');
    for (const flag of ['--profile', '--json', '--fields', '--jq', '--format', '--no-color', '--debug'])
      expect(r.out).toContain(flag);
  });
});
