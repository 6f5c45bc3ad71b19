import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';

// The demo portal's admin key (seed/demo.json).
const DEMO_KEY = 'acme-admin';

let server: FpServer;
const fp = (args: string[]) => server.fp(args, { apiKey: DEMO_KEY });

beforeAll(async () => {
  server = await startFpServer('demo');
});
afterAll(() => server.stop());

describe('fp statuses create, update and delete (D-STATUS-WRITE)', () => {
  it('creates a status on a board named by slug, with an id from the counter', async () => {
    const r = await fp(['statuses', 'create', 'Needs info', '--tab', 'feedback', '--color', '#f2c94c', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toEqual({ id: 8, name: 'Needs info', color: '#f2c94c', tab_id: 1 });
  });

  it('refuses a taken name and a bad colour with field errors', async () => {
    const taken = await fp(['statuses', 'create', 'Planned']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('The name has already been taken.');
    const colour = await fp(['api', '/api/v1/statuses', '-X', 'POST', '-f', 'name=Odd', '-f', 'color=red']);
    expect(colour.stdout + colour.stderr).toContain('The color field must be a valid hexadecimal color.');
  });

  it('renames by name and moves to another board with the posts on it', async () => {
    const r = await fp(['statuses', 'update', 'Needs info', '--name', 'Needs details', '--tab', 'roadmap', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toEqual({ id: 8, name: 'Needs details', color: '#f2c94c', tab_id: 2 });
  });

  it('refuses to delete a status posts are on (422), deletes an unused one, and the id is not given again', async () => {
    const used = await fp(['statuses', 'delete', 'Planned', '--yes']);
    expect(used.code).toBe(1);
    expect(used.stderr).toMatch(/The status is used by \d+ posts: move them to another status first\. \(422\)/);
    const r = await fp(['statuses', 'delete', 'Needs details', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('Status deleted successfully');
    const again = await fp(['statuses', 'create', 'Needs info', '--json']);
    expect(again.json).toEqual({ id: 9, name: 'Needs info', color: '#888888', tab_id: null });
    const missing = await fp(['api', '/api/v1/statuses/999', '-X', 'DELETE']);
    expect(missing.stdout + missing.stderr).toContain('No query results for model [App\\\\Models\\\\Status] 999');
  });
});

describe('fp tags create, update and delete (D-TAG-WRITE)', () => {
  it('creates, renames by name, and deletes a tag, which its posts lose', async () => {
    const created = await fp(['tags', 'create', 'regression', '--json']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.json).toEqual({ id: '1', name: 'regression' });
    const renamed = await fp(['tags', 'update', 'regression', '--name', 'regressions', '--json']);
    expect(renamed.json).toEqual({ id: '1', name: 'regressions' });
    const taken = await fp(['tags', 'update', 'regressions', '--name', 'bug']);
    expect(taken.stderr).toContain('The name has already been taken.');

    const before = await fp(['posts', 'list', '--tag', 'bug', '--all', '--jq', 'length']);
    expect(Number(before.stdout)).toBeGreaterThan(0);
    const deleted = await fp(['tags', 'delete', 'bug', '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    const after = await fp(['api', '/api/v1/posts?tag_id=t-bug&limit=100', '--jq', '.data | length']);
    expect(after.stdout.trim()).toBe('0');
    const tags = await fp(['tags', 'list', '--jq', '[.[].name]']);
    expect(tags.json).not.toContain('bug');
  });
});

describe('fp sections create, update and delete (D-SECTION-WRITE)', () => {
  it('creates a section at the top of a tab and one inside it, with free slugs', async () => {
    const top = await fp(['sections', 'create', 'Invoices', '--tab', 'help', '--description', 'Plans.', '--json']);
    expect(top.code, top.stderr).toBe(0);
    expect(top.json).toMatchObject({ tab_id: 4, parent_id: null, title: 'Invoices', slug: 'invoices' });
    const child = await fp([
      'sections',
      'create',
      'Invoices',
      '--tab',
      'help',
      '--parent',
      String(top.json.id),
      '--json',
    ]);
    expect(child.json).toMatchObject({ parent_id: top.json.id, slug: 'invoices-2', sort_order: 1 });
  });

  it('refuses a parent of another tab or inside the section itself', async () => {
    const outside = await fp([
      'api',
      '/api/v1/sections',
      '-X',
      'POST',
      '-F',
      'tab_id=1',
      '-f',
      'title=X',
      '-F',
      'parent_id=11',
    ]);
    expect(outside.stdout + outside.stderr).toContain('The selected parent id is invalid.');
    const loop = await fp(['sections', 'update', 'invoices', '--parent', 'invoices-2']);
    expect(loop.code).toBe(1);
    expect(loop.stderr).toContain('The selected parent id is invalid.');
  });

  it('refuses to delete a section with children or posts, and deletes an empty one', async () => {
    const parent = await fp(['sections', 'delete', 'invoices', '--yes']);
    expect(parent.stderr).toMatch(/The section has 1 child section: move or delete them first\. \(422\)/);
    const withPosts = await fp(['sections', 'delete', 'getting-started', '--yes']);
    expect(withPosts.stderr).toMatch(/The section has \d+ posts?: move or delete them first\. \(422\)/);
    const moved = await fp(['sections', 'update', 'invoices-2', '--top', '--title', 'Receipts', '--json']);
    expect(moved.json).toMatchObject({ parent_id: null, title: 'Receipts', slug: 'invoices-2' });
    const r = await fp(['sections', 'delete', 'invoices', '--yes']);
    expect(r.code, r.stderr).toBe(0);
  });
});
