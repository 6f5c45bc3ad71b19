import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeed } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

describe('fp references', () => {
  it('add attaches the text to the post', async () => {
    const r = await server.fp(['references', 'add', 'dark1', 'JIRA-1234', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ id: 1, post_id: 'dark1', reference: 'JIRA-1234' });
  });

  it('add - reads the text from stdin', async () => {
    const r = await server.fp(['references', 'add', 'pend3', '-', '--json'], { input: 'CRM case 77\n' });
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ id: 2, post_id: 'pend3', reference: 'CRM case 77' });
  });

  it('add to an unknown post exits 1', async () => {
    const r = await server.fp(['references', 'add', 'nope9', 'JIRA-1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: post nope9 not found (404)\n');
  });

  it('delete without --yes off a terminal exits 2', async () => {
    const r = await server.fp(['references', 'delete', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: Delete reference 1: refusing without a terminal to confirm; pass --yes to proceed\n');
  });

  it('delete --yes deletes, and a second delete exits 1', async () => {
    const r = await server.fp(['references', 'delete', '1', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Deleted reference 1.\n');
    const again = await server.fp(['references', 'delete', '1', '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/\(404\)\n$/);
  });
});

describe('reference ids', () => {
  it('D-REF-IDS a deleted reference id, the highest included, never comes back, also after a restart on the same --data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-data-'));
    const data = join(dir, 'portal.db');
    const added = async (s: FpServer, text: string) =>
      (await s.fp(['references', 'add', 'dark1', text, '--json'])).json.id;
    try {
      const first = await startFpServer(fixtureSeed(), ['--data', data]);
      expect([await added(first, 'A-1'), await added(first, 'A-2')]).toEqual([1, 2]);
      expect((await first.fp(['references', 'delete', '2', '--yes'])).code).toBe(0);
      expect(await added(first, 'A-3')).toBe(3);
      expect((await first.fp(['references', 'delete', '3', '--yes'])).code).toBe(0);
      await first.stop();
      const second = await startFpServer(fixtureSeed(), ['--data', data]);
      try {
        expect(await added(second, 'A-4')).toBe(4);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
