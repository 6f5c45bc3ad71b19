import { describe, expect, it } from 'vitest';
import { followPages, isList, pageItems, pageKind } from '../../../../src/cli/commands/api/pages.js';

const pending = (posts: number[], more: boolean, last: number | null) => ({
  data: { posts: posts.map((id) => ({ id: `p${id}`, database_id: id })), comments: [] },
  meta: { per_page: 20, has_more_posts: more, has_more_comments: false, last_post_id: last, last_comment_id: null },
});

async function all(pages: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const p of pages) out.push(p);
  return out;
}

describe('the pages fp api --paginate follows', () => {
  it('tells the three kinds apart by the answer', () => {
    expect(pageKind({ data: [], hasMore: false })).toBe('offset');
    expect(pageKind(pending([], false, null))).toBe('cursor');
    expect(pageKind({ data: { posts: [], comments: [] }, meta: { current_page: 1 } })).toBe('numbered');
    expect(pageKind({ data: { title: 'x' } })).toBeUndefined();
    expect(isList({ data: [1] })).toBe(true);
    expect(pageItems({ data: { posts: [1], comments: [2] } })).toEqual([1, 2]);
  });

  it('sends the cursors of meta; a finished collection is held at 0', async () => {
    const url = new URL('http://portal.invalid/api/v1/moderation/pending');
    const sent: string[] = [];
    const pages = await all(
      followPages(pending([9, 8], true, 8), url, async () => {
        sent.push(url.search);
        return pending([7], false, 7);
      }),
    );
    expect(pages).toHaveLength(2);
    expect(sent).toEqual(['?last_post_id=8&last_comment_id=0']);
  });

  it('a cursor that does not move down stops with bad pagination', async () => {
    const url = new URL('http://portal.invalid/api/v1/moderation/pending');
    const pages = followPages(pending([9, 8], true, 8), url, async () => pending([9, 8], true, 8));
    await expect(all(pages)).rejects.toMatchObject({
      name: 'PaginationError',
      message: expect.stringMatching(/^bad pagination from /),
    });
  });

  it('a page number that serves the same items again stops', async () => {
    const url = new URL('http://portal.invalid/api/v1/moderation/rejected');
    const page = { data: { posts: [{ id: 'a' }], comments: [] }, meta: { current_page: 1, has_more_posts: true } };
    await expect(all(followPages(page, url, async () => page))).rejects.toThrow(/repeats ids already listed/);
  });
});
