import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_ORDER_BY } from '../../../src/contract/schemas/post.js';
import { demoSeed } from '../../../src/server/store/seeding/demo-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * Every list of the demo portals, answered by the server and compared with the
 * answers recorded from the in-memory implementation that came before the
 * database store (`FP_RECORD_DEMO_LISTS=1` records them again). Rendered comment
 * HTML is left out: it belongs to the presenter, not to the store.
 */
const FIXTURE = join(__dirname, 'fixtures', 'demo-lists.json');

const PORTALS = [
  { host: 'acme.localhost', token: 'acme-admin' },
  { host: 'beta.localhost', token: 'beta-admin' },
];

function listPaths(portalIndex: number): string[] {
  const portal = demoSeed().portals[portalIndex];
  const paths: string[] = ['/api/v1/categories', '/api/v1/groups', '/api/v1/feedback', '/api/v1/posts'];
  for (const orderBy of [...POST_ORDER_BY, 'cf_1']) {
    for (const dir of ['asc', 'desc']) paths.push(`/api/v1/posts?order_by=${orderBy}&order_direction=${dir}&limit=100`);
  }
  for (const tab of portal.tabs) paths.push(`/api/v1/posts?tab=${tab.slug}&limit=100`);
  for (const section of portal.sections) {
    paths.push(
      `/api/v1/posts?section=${section.slug}&limit=100`,
      `/api/v1/posts?section=${section.id}&limit=100&order_by=title`,
    );
  }
  for (const category of portal.categories) paths.push(`/api/v1/posts?category=${category.id ?? 1}&limit=100`);
  for (const status of portal.statuses) paths.push(`/api/v1/posts?status=${status.id}&limit=100&order_by=votes_count`);
  for (const tag of portal.tags) paths.push(`/api/v1/posts?tag_id=${tag.id}&limit=100`);
  for (const value of ['web', 'macos', 'ios', 'android']) paths.push(`/api/v1/posts?platform=${value}&limit=100`);
  paths.push(
    '/api/v1/posts?version=0.9.0&limit=100',
    '/api/v1/posts?release=2026.03&limit=100',
    '/api/v1/posts?limit=3&skip=2',
    '/api/v1/posts?limit=5&skip=5&order_by=comments_count',
    '/api/v1/posts?limit=100&format=minimal',
    '/api/v1/posts?limit=100&order_by=latest_vote&order_direction=desc&format=minimal',
  );
  for (const post of portal.posts)
    paths.push(`/api/v1/posts/${encodeURIComponent(postKey(portalIndex, post.title))}/comments`);
  for (const group of portal.groups) if (group.id) paths.push(`/api/v1/groups/${group.id}/users`);
  paths.push(
    '/api/v1/moderation/pending',
    '/api/v1/moderation/pending?last_post_id=1000000&last_comment_id=1000000',
    '/api/v1/moderation/rejected',
    '/api/v1/moderation/rejected?page=2',
  );
  return paths;
}

/** Post keys are hashed in the seed; find them by title once. */
const keysByTitle = new Map<string, string>();
function postKey(portalIndex: number, title: string): string {
  return keysByTitle.get(`${portalIndex}:${title}`)!;
}

function withoutRenderedHtml(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (k, v) => (k === 'formatted_comment' ? undefined : v));
}

/** Orders are compared by the ids they list (with the counts they sort on); the full posts once per filter. */
function compact(path: string, body: any): unknown {
  if (!path.includes('order_by=') || path.includes('format=minimal')) return body;
  const { data, ...meta } = body;
  return { ...meta, data: data.map((p: any) => [p.id, p.votes_count, p.comments_count]) };
}

let server: TestServer;
const answers: Record<string, { status: number; body: unknown }> = {};

beforeAll(async () => {
  server = await startTestServer(demoSeed());
  demoSeed().portals.forEach((p, i) => p.posts.forEach((post) => keysByTitle.set(`${i}:${post.title}`, post.key)));
  for (const [i, { host, token }] of PORTALS.entries()) {
    for (const path of listPaths(i)) {
      const res = await server.request('GET', path, { host, token });
      answers[`${host} ${path}`] = { status: res.status, body: compact(path, withoutRenderedHtml(res.body)) };
    }
  }
  if (process.env.FP_RECORD_DEMO_LISTS === '1' || !existsSync(FIXTURE))
    writeFileSync(FIXTURE, `${JSON.stringify(answers, null, 1)}\n`);
});
afterAll(() => server.close());

describe('demo portal lists', () => {
  it('answers every list exactly as recorded', () => {
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as typeof answers;
    expect(Object.keys(answers)).toEqual(Object.keys(recorded));
    for (const key of Object.keys(recorded)) expect({ key, ...answers[key] }).toEqual({ key, ...recorded[key] });
  });

  it('covers lists with content, not only empty ones', () => {
    const nonEmpty = Object.values(answers).filter((a) => a.status === 200 && JSON.stringify(a.body).length > 50);
    expect(nonEmpty.length).toBeGreaterThan(100);
  });
});
