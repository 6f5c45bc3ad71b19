import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });

describe('categories', () => {
  it('R-CATEGORY-FIELDS R-CAT-LIST lists categories with id, name, color and sort_order', async () => {
    const res = await server.request('GET', '/api/v1/categories');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({ id: 1, name: 'Integrations', color: '#ff8800', sort_order: 1 });
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Integrations', 'Mobile', 'Locked']);
  });

  it('R-CAT-CREATE creates a category with a default colour and the next sort order', async () => {
    const res = await server.request('POST', '/api/v1/categories', { body: { name: 'Billing' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Billing', sort_order: 4 });
    expect(res.body.data.id).toBeTypeOf('number');
    expect(res.body.data.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('R-CATEGORY-NAME D-VALIDATION-WORDING category name must be 2-60 characters (boundaries 1, 2, 60, 61)', async () => {
    const short = await server.request('POST', '/api/v1/categories', { body: { name: 'a' } });
    expect(short.status).toBe(422);
    expect(short.body).toEqual(invalid({ name: ['The name field must be at least 2 characters.'] }));
    expect((await server.request('POST', '/api/v1/categories', { body: { name: 'ab' } })).status).toBe(200);
    expect((await server.request('POST', '/api/v1/categories', { body: { name: 'x'.repeat(60) } })).status).toBe(200);
    const long = await server.request('POST', '/api/v1/categories', { body: { name: 'y'.repeat(61) } });
    expect(long.body).toEqual(invalid({ name: ['The name field must not be greater than 60 characters.'] }));
  });

  it('category name is required on create', async () => {
    const res = await server.request('POST', '/api/v1/categories', { body: {} });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ name: ['The name field is required.'] }));
  });

  it('R-CATEGORY-NAME R-NAME-TAKEN category name is unique per portal: a taken name is refused with 422', async () => {
    const res = await server.request('POST', '/api/v1/categories', { body: { name: 'Mobile' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ name: ['The name has already been taken.'] }));
  });

  it('R-CATEGORY-NAME category names are case-sensitive', async () => {
    expect((await server.request('POST', '/api/v1/categories', { body: { name: 'mobile' } })).status).toBe(200);
  });

  it('R-CAT-UPDATE category update needs both name and color', async () => {
    const res = await server.request('PATCH', '/api/v1/categories/2', { body: { color: '#123456' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ name: ['The name field is required.'] }));
    const noColor = await server.request('PATCH', '/api/v1/categories/2', { body: { name: 'Mobile' } });
    expect(noColor.body).toEqual(invalid({ color: ['The color field is required.'] }));
  });

  it('R-CATEGORY-COLOR D-VALIDATION-WORDING category update refuses a color that is not #RRGGBB', async () => {
    for (const color of ['123456', '#12345', '#12345g', '#1234567']) {
      const res = await server.request('PATCH', '/api/v1/categories/2', { body: { name: 'Mobile', color } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ color: ['The color field must be a valid hexadecimal color.'] }));
    }
  });

  it('category update changes name and color', async () => {
    const res = await server.request('PATCH', '/api/v1/categories/2', {
      body: { name: 'Mobile apps', color: '#ABCDEF' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: 2, name: 'Mobile apps', color: '#ABCDEF', sort_order: 2 });
  });

  it('R-ERROR-404 category update of an unknown id is 404 "Category not found."', async () => {
    const res = await server.request('PATCH', '/api/v1/categories/999', { body: { name: 'Nope', color: '#000000' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Category not found.' });
  });

  it('R-CAT-PUT-405 PUT on the category update path is 405', async () => {
    const res = await server.request('PUT', '/api/v1/categories/2', { body: { name: 'Mobile', color: '#000000' } });
    expect(res.status).toBe(405);
    expect(res.body.message).toBe(
      'The PUT method is not supported for route api/v1/categories/2. Supported methods: PATCH, DELETE.',
    );
  });

  it('R-ERROR-403-CATEGORY D-CATEGORY-LOCKED category update or delete not permitted is 403 with a permission message', async () => {
    const upd = await server.request('PATCH', '/api/v1/categories/3', { body: { name: 'Locked', color: '#000000' } });
    expect(upd.status).toBe(403);
    expect(upd.body).toEqual({ message: 'You do not have permission to update this category.' });
    const del = await server.request('DELETE', '/api/v1/categories/3');
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ message: 'You do not have permission to delete this category.' });
  });

  it('R-CAT-DELETE category delete answers "Category deleted successfully" and takes it off posts', async () => {
    const res = await server.request('DELETE', '/api/v1/categories/1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Category deleted successfully' });
    const portal = server.store.portals[0];
    expect(portal.posts.list().some((p) => p.category_ids.includes(1))).toBe(false);
  });

  it('R-ERROR-404 category delete of an unknown id is 404 "Category not found"', async () => {
    const res = await server.request('DELETE', '/api/v1/categories/999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Category not found' });
  });

  it('a read-only key cannot create a category (403)', async () => {
    const res = await server.request('POST', '/api/v1/categories', { token: READONLY_KEY, body: { name: 'RO' } });
    expect(res.status).toBe(403);
  });
});
