import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey, sameName } from '../../../src/contract/name-key.js';
import { loadSeed, SeedError } from '../../../src/server/store/seeding/load-seed.js';
import { fixtureSeed } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TAKEN = { message: 'The given data was invalid.', errors: { name: ['The name has already been taken.'] } };

describe('D-NAME-KEY names are compared after NFC, without invisible characters, with width forms folded', () => {
  it('the key: composed and decomposed forms, invisible characters, fullwidth forms; case and other forms kept', () => {
    expect(sameName('Café', 'Cafe\u0301')).toBe(true);
    expect(sameName('Beta testers', 'Beta\u200b testers')).toBe(true); // zero-width space
    expect(sameName('Beta testers', 'Beta\u2060 te\u00adsters\u200d')).toBe(true); // word joiner, soft hyphen, ZWJ
    expect(sameName('Admins', '\u202eAdmins')).toBe(true); // right-to-left override
    expect(sameName('Admins', 'Admins\ufe0f\u{e0041}')).toBe(true); // variation selector, tag character
    expect(sameName('Café', 'Ｃａｆé')).toBe(true); // fullwidth Latin
    expect(sameName('Team 1', 'Team\u30001')).toBe(true); // the ideographic space is a (wide) space
    expect(sameName('Team1', 'Team\u30001')).toBe(false);
    expect(nameKey('Team\u30001')).toBe('Team 1');
    expect(nameKey('ｶﾞｲﾄﾞ')).toBe('ガイド'); // halfwidth katakana with voiced marks, composed
    expect(sameName('Café', 'café')).toBe(false); // still case-sensitive
    expect(sameName('ﬁle', 'file')).toBe(false); // a ligature is not a width form
  });

  it('categories: a name that differs only in normal form, invisible characters or width is taken', async () => {
    expect((await server.request('POST', '/api/v1/categories', { body: { name: 'Café' } })).status).toBe(200);
    for (const name of ['Cafe\u0301', 'Ca\u200bfé', 'Ｃａｆé', '\u2066Café\u2069']) {
      const res = await server.request('POST', '/api/v1/categories', { body: { name } });
      expect(res.body, JSON.stringify(name)).toEqual(TAKEN);
    }
    expect((await server.request('POST', '/api/v1/categories', { body: { name: 'café' } })).status).toBe(200);
  });

  it('categories: renaming onto another name by a different spelling is taken; keeping its own is not', async () => {
    const res = await server.request('PATCH', '/api/v1/categories/2', {
      body: { name: 'Integ\u200drations', color: '#123456' },
    });
    expect(res.body).toEqual(TAKEN);
    const own = await server.request('PATCH', '/api/v1/categories/2', {
      body: { name: 'Mobi\u200ble', color: '#123456' },
    });
    expect(own.status).toBe(200);
  });

  it('groups: the same rule', async () => {
    expect((await server.request('POST', '/api/v1/groups', { body: { name: 'Équipe' } })).status).toBe(200);
    const res = await server.request('POST', '/api/v1/groups', { body: { name: 'E\u0301quipe\u200c' } });
    expect(res.body).toEqual(TAKEN);
    const wide = await server.request('POST', '/api/v1/groups', { body: { name: 'Ｂｅｔａ testers' } });
    expect(wide.body).toEqual(TAKEN);
  });

  it('a seed with two categories or groups of one name by key is refused, naming the path', () => {
    const seed = fixtureSeed();
    seed.portals[0].categories!.push({ name: 'Integ\u200brations' });
    seed.portals[0].groups!.push({ name: 'Ｂｅｔａ testers', user_ids: [] });
    let problems: string[] = [];
    try {
      loadSeed(seed);
    } catch (err) {
      problems = (err as SeedError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^portals\[0\]\.categories\[3\]\.name: duplicate name/),
      expect.stringMatching(/^portals\[0\]\.groups\[2\]\.name: duplicate name/),
    ]);
  });
});
