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

describe('fp posts publish and unpublish (D-POST-TOGGLE-PUBLISH)', () => {
  it('the API toggles; the verbs reach the wanted state whatever it was', async () => {
    const toggled = await fp(['api', '/api/v1/posts/3zah2/toggle-publish', '-X', 'PUT']);
    expect(toggled.json).toEqual({ data: { id: 11, key: '3zah2', published: false } });
    const already = await fp(['posts', 'unpublish', '3zah2']);
    expect(already.code, already.stderr).toBe(0);
    expect(already.stdout + already.stderr).toContain('Post was already unpublished.');
    const published = await fp(['posts', 'publish', '3zah2', '--json']);
    expect(published.json).toEqual({ id: 11, key: '3zah2', published: true });
    const unpublished = await fp(['posts', 'unpublish', '3zah2']);
    expect(unpublished.stdout + unpublished.stderr).toContain('Post unpublished.');
    const listed = await fp(['posts', 'view', '3zah2', '--json']);
    expect(listed.json.id).toBe('3zah2');
  });

  it('an unknown key is 404', async () => {
    const r = await fp(['posts', 'publish', 'zzzzz']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('404');
  });
});
