import { describe, expect, it, vi } from 'vitest';

// The draws are scripted: five digits first (an all-digit key), then letters.
const draws = vi.hoisted(() => ({ next: [] as number[] }));
vi.mock('node:crypto', async (original) => ({
  ...(await original<typeof import('node:crypto')>()),
  randomInt: () => draws.next.shift() ?? 0,
}));

const { newPostKey } = await import('../../../src/server/domain/post-key.js');

describe('newPostKey', () => {
  it('D-VOTE-KEY a new post key is never all digits (the anonymous-vote route reads such a key as a comment id)', () => {
    draws.next = [26, 27, 28, 29, 30, 0, 1, 2, 3, 4];
    expect(newPostKey(() => false)).toBe('abcde');
  });

  it('a key another post holds is drawn again', () => {
    draws.next = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1];
    expect(newPostKey((key) => key === 'aaaaa')).toBe('bbbbb');
  });
});
