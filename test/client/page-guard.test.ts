import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/client/api-client.js';
import { PageGuard } from '../../src/client/page-guard.js';
import { allPending, allRejected } from '../../src/client/paginate.js';

const fault = (run: () => void): { fault?: string; message?: string } => {
  try {
    run();
    return {};
  } catch (err) {
    expect((err as Error).name).toBe('PaginationError');
    return { fault: (err as { fault?: string }).fault, message: (err as Error).message };
  }
};

describe('PageGuard: offset listings', () => {
  const page = (skip: number, ids: string[], hasMore: boolean, total?: number) => ({
    skip,
    ids,
    hasMore,
    nextSkip: skip + ids.length,
    total,
    limit: 2,
  });

  it('a well-behaved listing passes, to its last page', () => {
    const guard = new PageGuard('GET /api/v1/posts', { repeats: 'any' });
    guard.offsetPage(page(0, ['a', 'b'], true, 5));
    guard.offsetPage(page(2, ['c', 'd'], true, 5));
    guard.offsetPage(page(4, ['e'], false, 5));
  });

  it('a page that repeats ids already listed stops the listing, naming some of them', () => {
    const guard = new PageGuard('GET /api/v1/posts', { repeats: 'any' });
    guard.offsetPage(page(0, ['a', 'b'], true, 9));
    expect(fault(() => guard.offsetPage(page(2, ['b', 'c'], true, 9)))).toEqual({
      fault: 'repeated-ids',
      message: 'bad pagination from GET /api/v1/posts: page 2 repeats ids already listed (b); stopped there',
    });
  });

  it('D-PAGE-GUARD by default only a page with nothing new stops it: in another order an item may move on while it is read', () => {
    const guard = new PageGuard('GET /api/v1/posts');
    guard.offsetPage(page(0, ['a', 'b'], true));
    guard.offsetPage(page(2, ['b', 'c'], true));
    expect(fault(() => guard.offsetPage(page(4, ['a', 'c'], true))).fault).toBe('repeated-ids');
  });

  it('a page that says there are more but does not move the cursor stops it', () => {
    const guard = new PageGuard('GET /api/v1/posts');
    guard.offsetPage(page(0, ['a', 'b'], true));
    expect(fault(() => guard.offsetPage(page(2, [], true)))).toEqual({
      fault: 'stuck-cursor',
      message:
        'bad pagination from GET /api/v1/posts: page 2 says there are more, but the cursor does not advance (skip 2 again); stopped there',
    });
  });

  it('pages past the total the server reported stop it', () => {
    const guard = new PageGuard('GET /api/v1/posts');
    guard.offsetPage(page(0, ['a', 'b'], true, 3));
    expect(fault(() => guard.offsetPage(page(2, ['c', 'd'], true, 3)))).toEqual({
      fault: 'past-total',
      message:
        'bad pagination from GET /api/v1/posts: page 2 says there are more after all 3 items the server reported (2 pages of 2); stopped there',
    });
    const late = new PageGuard('GET /api/v1/posts');
    expect(fault(() => late.offsetPage(page(4, ['x'], false, 3))).message).toContain(
      'page 1 starts past the 3 items the server reported (2 pages of 2)',
    );
  });
});

describe('PageGuard: cursor listings (the pending queue)', () => {
  it('each cursor must move down while its collection says there are more', () => {
    const guard = new PageGuard('GET /api/v1/moderation/pending', { repeats: 'any' });
    guard.cursorPage(['post a', 'post b'], [{ name: 'last_post_id', sent: undefined, next: 7, more: true }]);
    guard.cursorPage(['post c'], [{ name: 'last_post_id', sent: 7, next: 3, more: true }]);
    expect(fault(() => guard.cursorPage(['post d'], [{ name: 'last_post_id', sent: 3, next: 3, more: true }]))).toEqual(
      {
        fault: 'stuck-cursor',
        message:
          'bad pagination from GET /api/v1/moderation/pending: page 3 does not move the last_post_id cursor down (3, then 3) and says there are more; stopped there',
      },
    );
  });

  it('an empty collection that says it has more is a cursor that cannot move', () => {
    const guard = new PageGuard('GET /api/v1/moderation/pending');
    expect(
      fault(() => guard.cursorPage([], [{ name: 'last_comment_id', sent: 9, next: undefined, more: true }])).fault,
    ).toBe('stuck-cursor');
    guard.cursorPage([], [{ name: 'last_comment_id', sent: 9, next: undefined, more: false }]);
  });
});

describe('the moderation paginators stop on a queue that loops', () => {
  const post = (id: number) => ({ type: 'post', id: `p${id}`, database_id: id });
  /** A client whose pending queue answers `page(n)` for its n-th request. */
  const queue = (page: (n: number) => { posts: unknown[]; more: boolean }) => {
    let n = 0;
    return {
      async call() {
        const { posts, more } = page(++n);
        return {
          data: { posts, comments: [] },
          meta: { has_more_posts: more, has_more_comments: false, current_page: n },
        };
      },
    } as unknown as ApiClient;
  };
  const drain = async (items: AsyncIterable<unknown>) => {
    for await (const _ of items);
  };

  it('pending: the same page again is repeated ids; new ids above the cursor are a cursor that does not move', async () => {
    const again = await drain(allPending(queue(() => ({ posts: [post(9), post(8)], more: true })))).catch((e) => e);
    expect(again.fault).toBe('repeated-ids');
    const up = await drain(allPending(queue((n) => ({ posts: [post(10 * n)], more: true })))).catch((e) => e);
    expect(up.message).toBe(
      'bad pagination from GET /api/v1/moderation/pending: page 2 does not move the last_post_id cursor down (10, then 20) and says there are more; stopped there',
    );
  });

  it('rejected: a page with nothing new stops it', async () => {
    const err = await drain(allRejected(queue(() => ({ posts: [post(1)], more: true })))).catch((e) => e);
    expect(err.fault).toBe('repeated-ids');
  });
});
