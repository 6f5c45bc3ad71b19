import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { ANN, BOB, fixtureSeed, GROUP_BETA } from '../../support/fixture-seed.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';

/** A tools/call result as every SDK hands it over. */
export interface CallResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string; uri?: string }>;
  structuredContent?: Record<string, unknown>;
}

/** What a tour needs of a connected client, whichever SDK it is. */
export interface TourClient {
  listTools(): Promise<Array<{ name: string; outputSchema?: object }>>;
  callTool(name: string, args: Record<string, unknown>): Promise<CallResult>;
  readResource(uri: string): Promise<string>;
}

/** The widget the tour's portal has (D-WIDGETS). */
const TOUR_WIDGET = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

/**
 * The fixture portal, its knowledge-base link on a loopback address: a scan refuses it
 * without a lookup (link checks never leave the machine in a test).
 */
export function tourSeed(): SeedFile {
  const seed = fixtureSeed();
  const article = seed.portals[0].posts!.find((p) => p.key === 'kb001')!;
  article.description = 'See [docs](http://127.0.0.1:9/install).';
  seed.portals[0].widgets = [{ id: TOUR_WIDGET, name: 'Tour widget', type: 'feedback', tab_id: 1 }];
  return seed;
}

const ANONYMOUS = '9dd4e461268c8034f5c8564e155c67a6';
const ANN_DATABASE_ID = 1;
const NOBODY = '99999999-9999-4999-8999-999999999999';
const NOT_A_ZIP = Buffer.from('not a zip').toString('base64');
/** A cursor no server gave: how a tool without a failing argument is refused. */
const FORGED = { result_cursor: 'bm90IGEgY3Vyc29y' };

/**
 * Every tool, called once to succeed and once to be refused (a 404 or 422 of the API
 * where the tool takes anything that can be missing or invalid; a forged result cursor
 * where it takes nothing). Each success must validate against the tool's output schema
 * (the SDK checks it too); each refusal is text only, in fp's words. Returns the tools
 * driven each way.
 */
export async function runTour(client: TourClient): Promise<{ succeeded: Set<string>; refused: Set<string> }> {
  const listed = await client.listTools();
  const ajv = new Ajv2020({ strict: false });
  const validators = new Map(listed.map((t) => [t.name, ajv.compile(t.outputSchema!)]));
  const succeeded = new Set<string>();
  const refused = new Set<string>();

  const ok = async (name: string, args: Record<string, unknown> = {}): Promise<any> => {
    const result = await client.callTool(name, args);
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    const validate = validators.get(name)!;
    expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    succeeded.add(name);
    return result.structuredContent;
  };
  const no = async (name: string, args: Record<string, unknown>, text: RegExp) => {
    const result = await client.callTool(name, args);
    expect(result.isError, name).toBe(true);
    expect(result.structuredContent, name).toBeUndefined();
    expect(result.content, name).toEqual([{ type: 'text', text: expect.stringMatching(text) }]);
    expect(result.content[0].text, name).not.toContain('App\\Models');
    refused.add(name);
  };
  const missing = /not found\.? \(404\)$/;
  const invalid = /^The given data was invalid\.( \(422\))?\n\w+: /;
  const forged = /^The result_cursor is not a cursor this server gave\.$/;

  await ok('portal.get');
  await no('portal.get', FORGED, forged);
  await ok('posts.list', { limit: 5 });
  await no('posts.list', { limit: 'many' }, invalid);
  await ok('posts.get', { key: 'dark1' });
  await no('posts.get', { key: 'zzzzz' }, /^post zzzzz not found \(404\)$/);
  const post = (await ok('posts.create', { title: 'Filed by an agent', status_id: 1 })).data;
  await no('posts.create', { title: '' }, invalid);
  await ok('posts.update', { key: post.id, status_id: 2 });
  await no('posts.update', { key: 'zzzzz', title: 'x' }, missing);

  await ok('votes.addAnonymous', { key: 'dark1', anonymous_id: ANONYMOUS });
  await no('votes.addAnonymous', { key: 'zzzzz', anonymous_id: ANONYMOUS }, missing);
  await ok('votes.removeAnonymous', { key: 'dark1', anonymous_id: ANONYMOUS });
  await no('votes.removeAnonymous', { key: 'zzzzz', anonymous_id: ANONYMOUS }, missing);
  await ok('votes.add', { key: 'dark1', user: ANN });
  await no('votes.add', { key: 'zzzzz', user: ANN }, missing);
  await ok('votes.list', { key: 'dark1' });
  await no('votes.list', { key: 'zzzzz' }, missing);
  await ok('votes.remove', { key: 'dark1', user: ANN });
  await no('votes.remove', { key: 'zzzzz', user: ANN }, missing);

  await ok('categories.list');
  await no('categories.list', FORGED, forged);
  const category = (await ok('categories.create', { name: 'Agents' })).data;
  await no('categories.create', { name: 'Mobile' }, /^The given data was invalid\. \(422\)\nname: /);
  await ok('categories.update', { id: category.id, name: 'Agent work', color: '#123456' });
  await no('categories.update', { id: 999, name: 'Renamed', color: '#123456' }, missing);
  await ok('categories.delete', { id: category.id });
  await no('categories.delete', { id: 999 }, missing);

  for (const list of ['statuses.list', 'tags.list', 'tabs.list', 'sections.list', 'users.list', 'groups.list']) {
    await ok(list);
    await no(list, FORGED, forged);
  }
  await ok('tabs.get', { tab: 'feedback' });
  await no('tabs.get', { tab: 'nope' }, missing);
  await ok('sections.children', { section: 10 });
  await no('sections.children', { section: 999 }, missing);
  await ok('users.findByEmail', { email: 'bob@test.test' });
  await no('users.findByEmail', { email: 'nobody@test.test' }, missing);
  await ok('users.get', { user: BOB });
  await no('users.get', { user: NOBODY }, missing);

  await ok('comments.list', { key: 'dark1' });
  await no('comments.list', { key: 'zzzzz' }, missing);
  const comment = (await ok('comments.create', { key: 'dark1', user_id: ANN, comment: 'Seen by an agent' })).data;
  await no('comments.create', { key: 'zzzzz', user_id: ANN, comment: 'Lost' }, missing);
  await ok('comments.update', { id: comment.id, comment: 'Seen by an agent, twice' });
  await no('comments.update', { id: 999999, comment: 'Lost' }, missing);
  await ok('comments.delete', { id: comment.id });
  await no('comments.delete', { id: 999999 }, missing);
  const reference = (await ok('references.create', { key: 'dark1', reference: 'JIRA-1' })).data;
  await no('references.create', { key: 'zzzzz', reference: 'JIRA-2' }, missing);
  await ok('references.delete', { id: reference.id });
  await no('references.delete', { id: 999999 }, missing);

  await ok('groups.get', { id: GROUP_BETA });
  await no('groups.get', { id: NOBODY }, missing);
  await ok('groups.listUsers', { group: GROUP_BETA });
  await no('groups.listUsers', { group: NOBODY }, missing);
  const group = (await ok('groups.create', { name: 'Agents' })).data;
  await no('groups.create', { name: 'Agents' }, /^The given data was invalid\. \(422\)\nname: /);
  await ok('groups.update', { id: group.id, name: 'Agent group' });
  await no('groups.update', { id: NOBODY, name: 'Lost' }, missing);
  await ok('groups.addUser', { group: group.id, user_id: ANN });
  await no('groups.addUser', { group: NOBODY, user_id: ANN }, missing);
  await ok('groups.removeUser', { group: group.id, user_id: ANN_DATABASE_ID });
  await no('groups.removeUser', { group: NOBODY, user_id: ANN_DATABASE_ID }, missing);
  await ok('groups.delete', { id: group.id });
  await no('groups.delete', { id: NOBODY }, missing);

  await ok('feedback.list');
  await no('feedback.list', FORGED, forged);
  const feedback = (await ok('feedback.create', { type: 'idea', feedback: 'An agent was here' })).data;
  await no('feedback.create', { type: 'idea', feedback: '' }, invalid);
  await ok('feedback.update', { id: feedback.id, feedback: 'An agent was here, twice' });
  await no('feedback.update', { id: 'fb-none', feedback: 'Lost' }, missing);
  await ok('feedback.summarize', {});
  await no('feedback.summarize', { sentiment: 'furious' }, invalid);
  await ok('feedback.delete', { id: feedback.id });
  await no('feedback.delete', { id: 'fb-none' }, missing);

  const pending = (await ok('moderation.pending')).data;
  await no('moderation.pending', { last_post_id: 'newest' }, invalid);
  await ok('moderation.rejected');
  await no('moderation.rejected', { page: 0 }, invalid);
  await ok('moderation.approve', { type: 'comment', identifier: String(pending.comments[0].id) });
  await no('moderation.approve', { type: 'comment', identifier: '999999' }, missing);
  await ok('moderation.reject', { type: 'post', identifier: pending.posts[0].id });
  await no('moderation.reject', { type: 'post', identifier: 'zzzzz' }, missing);

  const scan = (await ok('knowledgebase.scanLinks', { tab_id: 3 })).data;
  await no('knowledgebase.scanLinks', { tab_id: 999 }, /\((404|422)\)/);
  await ok('knowledgebase.scanProgress', { scanId: scan.scan_id });
  await no('knowledgebase.scanProgress', { scanId: 'no-such-scan' }, missing);
  await ok('knowledgebase.linkResults', { tabId: 3 });
  await no('knowledgebase.linkResults', { tabId: 999 }, /\((404|422)\)/);
  const link = await ok('knowledgebase.export', { tab_id: 3 });
  await no('knowledgebase.export', { tab_id: 999 }, /\((404|422)\)/);
  const zip = await client.readResource(link.uri);
  await ok('knowledgebase.preview', { tab_id: 3, file: zip });
  await no('knowledgebase.preview', { tab_id: 3, file: NOT_A_ZIP }, /^The file is not a valid ZIP archive\. \(422\)/);
  await ok('knowledgebase.execute', { tab_id: 3, file: zip });
  await no('knowledgebase.execute', { tab_id: 3, file: NOT_A_ZIP }, /^The file is not a valid ZIP archive\. \(422\)/);

  await ok('posts.togglePublish', { key: 'dark1' });
  await ok('posts.togglePublish', { key: 'dark1' });
  await no('posts.togglePublish', { key: 'zzzzz' }, missing);
  await ok('posts.listForTab', { tab: 'feedback' });
  await no('posts.listForTab', { tab: 'nope' }, invalid);
  await ok('posts.search', { search: 'dark' });
  await no('posts.search', { search: 'a' }, invalid);
  await ok('posts.duplicates', { title: 'Dark mode please' });
  await no('posts.duplicates', { title: '' }, invalid);
  for (const list of ['users.groupsFilter', 'users.planTypes', 'users.segmentKeys', 'widgets.list']) {
    await ok(list);
    await no(list, FORGED, forged);
  }
  await ok('widgets.get', { widget: TOUR_WIDGET });
  await no('widgets.get', { widget: 'nope' }, missing);
  await ok('vision.upsert', { title: 'Tour', content: 'Where the portal is headed.' });
  await no('vision.upsert', { content: '' }, invalid);
  await ok('vision.get');
  await no('vision.get', FORGED, forged);
  await ok('vision.delete');
  await no('vision.delete', {}, missing);
  const status = (await ok('statuses.create', { name: 'Agent status', color: '#123456', tab_id: 1 })).data;
  await no('statuses.create', { name: '', tab_id: 1 }, invalid);
  await ok('statuses.update', { status: String(status.id), name: 'Agent status, renamed' });
  await no('statuses.update', { status: '999999', name: 'Lost' }, missing);
  await ok('statuses.delete', { status: String(status.id) });
  await no('statuses.delete', { status: '999999' }, missing);
  const tag = (await ok('tags.create', { name: 'agent-tag' })).data;
  await no('tags.create', { name: '' }, invalid);
  await ok('tags.update', { tag: String(tag.id), name: 'agent-tag-2' });
  await no('tags.update', { tag: '999999', name: 'Lost' }, missing);
  await ok('tags.delete', { tag: String(tag.id) });
  await no('tags.delete', { tag: '999999' }, missing);
  const section = (await ok('sections.create', { tab_id: 3, title: 'Agent section', parent_id: null })).data;
  await no('sections.create', { tab_id: 3, title: '' }, invalid);
  await ok('sections.update', { section: String(section.id), title: 'Agent section, renamed' });
  await no('sections.update', { section: '999999', title: 'Lost' }, missing);
  await ok('sections.delete', { section: String(section.id) });
  await no('sections.delete', { section: '999999' }, missing);
  const user = (await ok('users.create', { name: 'Agent User', email: 'agent.user@test.test' })).data;
  await no('users.create', { name: 'Agent User', email: '' }, invalid);
  await ok('users.update', { user: String(user.database_id ?? user.id), name: 'Agent User Two' });
  await no('users.update', { user: NOBODY, name: 'Lost' }, missing);
  await ok('users.bulkBlock', { user_ids: [user.id] });
  await no('users.bulkBlock', { user_ids: [NOBODY] }, /^The given data was invalid\.( \(422\))?\nuser_ids\.0: /);
  await ok('users.bulkUnblock', { user_ids: [user.id] });
  await no('users.bulkUnblock', { user_ids: [NOBODY] }, /^The given data was invalid\.( \(422\))?\nuser_ids\.0: /);
  await ok('users.delete', { user: user.id });
  await no('users.delete', { user: NOBODY }, missing);
  const other = (await ok('users.create', { name: 'Agent Other', email: 'agent.other@test.test' })).data;
  await ok('users.bulkDelete', { user_ids: [other.id] });
  await no('users.bulkDelete', { user_ids: [NOBODY] }, /^The given data was invalid\.( \(422\))?\nuser_ids\.0: /);

  await ok('events.list', { portal_only: true });
  await no('events.list', { after: 'later' }, invalid);
  await ok('posts.delete', { key: post.id });
  await no('posts.delete', { key: 'zzzzz' }, missing);

  const names = listed.map((t) => t.name);
  expect(
    names.filter((n) => !succeeded.has(n)),
    'tools never run to success',
  ).toEqual([]);
  expect(
    names.filter((n) => !refused.has(n)),
    'tools never refused',
  ).toEqual([]);
  return { succeeded, refused };
}
