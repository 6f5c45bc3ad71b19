// The portal the benchmarks load: one admin, a feedback board and a knowledge-base
// tab of 20 sections holding `articles` articles. Callers add their own tabs and posts.
export const KEY = 'bench';
export const USER = '11111111-1111-4111-8111-111111111111';

export function benchPortal({ articles, tabs = [], categories = [], posts = [] }) {
  return {
    hosts: ['127.0.0.1'],
    title: 'Bench',
    api_keys: [{ token: KEY }],
    users: [{ id: USER, name: 'Bench User', email: 'b@bench.test', role: 'admin' }],
    tabs: [
      { id: 1, slug: 'feedback', name: 'Feedback', type: 'board' },
      { id: 2, slug: 'help', name: 'Help', type: 'knowledge_base' },
      ...tabs,
    ],
    sections: Array.from({ length: 20 }, (_, i) => ({
      id: 100 + i,
      tab_id: 2,
      slug: `section-${i}`,
      name: `Section ${i}`,
      parent_id: null,
    })),
    categories,
    posts: [
      ...posts,
      ...Array.from({ length: articles }, (_, i) => ({
        key: `a${String(i).padStart(5, '0')}`,
        title: `Article ${i}: how to do a thing`,
        description: `## Steps\n\n${'Do this, then that; see [the guide](https://docs.bench.test/guide). '.repeat(12)}\n`,
        author_id: USER,
        tab_id: 2,
        section_id: 100 + (i % 20),
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      })),
    ],
  };
}
