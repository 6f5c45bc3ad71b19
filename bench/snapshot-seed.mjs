#!/usr/bin/env node
// A large reference portal for the snapshot benchmark, as a seed file (format 1):
// POSTS posts over three boards and a knowledge-base tab, with statuses,
// categories, sections, platforms, groups, pending and rejected items, comments
// with replies on about half of the posts, and feedback entries. Deterministic.
//
//   node bench/snapshot-seed.mjs > /tmp/big-seed.json           # 20,000 posts
//   POSTS=2000 node bench/snapshot-seed.mjs > /tmp/small-seed.json
import { createHash } from 'node:crypto';

const POSTS = Number(process.env.POSTS ?? 20_000);
const USERS = Math.max(10, Math.round(POSTS / 10));
const KB_ARTICLES = Math.min(300, Math.round(POSTS / 50));

const uuid = (name) => {
  const h = createHash('sha1').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const at = (minutes) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000).toISOString();
const platforms = ['web', 'ios', 'android', 'windows', 'macos', 'linux', 'api', null];
const words =
  'dashboard export chart filter alert report team invoice slack webhook latency import mobile dark mode query'.split(
    ' ',
  );
const text = (i, n) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');

const users = Array.from({ length: USERS }, (_, i) => ({
  id: uuid(`user/${i}`),
  database_id: i + 1,
  name: `User ${i}`,
  email: `user${i}@bench.test`,
  role: i < 3 ? 'admin' : 'member',
  created_at: at(i),
}));
const tabs = [
  { id: 1, slug: 'feedback', name: 'Feedback', type: 'board' },
  { id: 2, slug: 'roadmap', name: 'Roadmap', type: 'roadmap' },
  { id: 3, slug: 'changelog', name: 'Changelog', type: 'changelog' },
  { id: 4, slug: 'help', name: 'Help', type: 'knowledge_base' },
];
const statuses = [
  { id: 1, name: 'Under review', color: '#8a94a6', tab_id: 1 },
  { id: 2, name: 'Planned', color: '#3366ff', tab_id: 2 },
  { id: 3, name: 'In progress', color: '#f2994a', tab_id: 2 },
  { id: 4, name: 'Released', color: '#7b61ff', tab_id: 3 },
];
const sections = Array.from({ length: 10 }, (_, i) => ({
  id: 100 + i,
  tab_id: 4,
  slug: `section-${i}`,
  name: `Section ${i}`,
  parent_id: i >= 5 ? 100 + (i - 5) : null,
  description: `About ${text(i, 5)}.`,
}));
const categories = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Category ${i + 1}`,
  color: '#2f80ed',
  sort_order: i + 1,
}));
const groups = Array.from({ length: 8 }, (_, g) => ({
  id: uuid(`group/${g}`),
  name: `Group ${g}`,
  description: g % 2 ? null : `Members of group ${g}`,
  user_ids: users
    .filter((_, i) => i % 8 === g)
    .slice(0, 50)
    .map((u) => u.id),
}));

const posts = [];
const comments = [];
let commentId = 1;
for (let i = 0; i < POSTS; i++) {
  const kb = i < KB_ARTICLES;
  const tab = kb ? 4 : 1 + (i % 3);
  const moderation = i % 97 === 0 ? 'pending' : i % 89 === 0 ? 'rejected' : 'approved';
  const key = `k${i.toString(36)}`;
  posts.push({
    key,
    database_id: i + 1,
    title: `${text(i, 4)} ${i}`,
    description: `${text(i, 60)}.\n\n${text(i + 1, 30)}.`,
    author_id: users[(i * 13) % USERS].id,
    tab_id: tab,
    section_id: kb ? 100 + (i % 10) : null,
    status_id: kb ? null : i % 5 === 0 ? null : tab === 1 ? 1 : tab === 2 ? 2 + (i % 2) : 4,
    category_ids: kb ? [] : [1 + (i % 12)],
    moderation_status: moderation,
    votes_count: i % 50,
    views_count: i % 500,
    platform: kb ? null : platforms[i % platforms.length],
    created_at: at(10_000 + i),
  });
  if (i % 2 === 0 && !kb) {
    const first = commentId;
    for (let c = 0; c < 1 + (i % 4); c++) {
      comments.push({
        id: commentId++,
        post_key: key,
        user_id: users[(i + c * 31) % USERS].id,
        comment: `${text(i + c, 20)}.`,
        parent_id: c > 0 && c % 2 === 0 ? first : null,
        moderation_status: (i + c) % 53 === 0 ? 'pending' : 'approved',
        created_at: at(20_000 + i + c),
      });
    }
  }
}
const feedback = Array.from({ length: Math.round(POSTS / 10) }, (_, i) => ({
  id: `fb-${i + 1}`,
  type: ['idea', 'bug', 'praise', 'question'][i % 4],
  feedback: `${text(i, 15)}.`,
  user_id: users[(i * 7) % USERS].id,
  created_at: at(30_000 + i),
}));

process.stdout.write(
  JSON.stringify({
    portals: [
      {
        hosts: ['127.0.0.1', 'localhost'],
        title: 'Bench portal',
        editor_type: 'markdown',
        api_keys: [{ token: 'bench-admin' }, { token: 'bench-readonly', read_only: true }],
        users,
        tabs,
        sections,
        statuses,
        categories,
        groups,
        posts,
        comments,
        feedback,
      },
    ],
  }),
);
