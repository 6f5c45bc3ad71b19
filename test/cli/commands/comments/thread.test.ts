import { describe, expect, it } from 'vitest';
import { threadOrder, threadPrefix } from '../../../../src/cli/commands/comments/thread.js';
import type { Comment } from '../../../../src/contract/schemas/comment.js';

const c = (id: number, parent_id: number | null = null) => ({ id, parent_id }) as Comment;
const order = (list: Comment[]) => threadOrder(list).map((r) => [r.comment.id, r.depth]);

describe('threadOrder', () => {
  it('puts each reply right under its parent, one level deeper', () => {
    expect(order([c(1), c(2), c(3, 1), c(4, 3), c(5, 1)])).toEqual([
      [1, 0],
      [3, 1],
      [4, 2],
      [5, 1],
      [2, 0],
    ]);
  });

  it('keeps the server order among siblings (pinned first stays first)', () => {
    expect(order([c(9), c(1), c(10, 9), c(2, 9)])).toEqual([
      [9, 0],
      [10, 1],
      [2, 1],
      [1, 0],
    ]);
  });

  it('shows a reply whose parent is not in the list at the top level', () => {
    expect(order([c(7, 99), c(8)])).toEqual([
      [7, 0],
      [8, 0],
    ]);
  });

  it('lists every comment once even when parents form a cycle', () => {
    expect(
      order([c(1, 2), c(2, 1)])
        .map(([id]) => id)
        .sort(),
    ).toEqual([1, 2]);
  });
});

describe('threadPrefix', () => {
  it('marks replies with └─ and two spaces per extra level', () => {
    expect([0, 1, 2, 3].map(threadPrefix)).toEqual(['', '└─ ', '  └─ ', '    └─ ']);
  });
});
