import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../../src/server/http/router.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('router', () => {
  const match = createRouter();

  it('a literal segment wins over a path parameter: /feedback/summarize is never /feedback/{id}', () => {
    expect(match('POST', '/api/v1/feedback/summarize')).toMatchObject({ kind: 'found', endpoint: { name: 'feedback.summarize' } });
    expect(match('PUT', '/api/v1/feedback/summarize')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(match('DELETE', '/api/v1/feedback/summarize')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(match('PUT', '/api/v1/feedback/fb-1')).toMatchObject({ kind: 'found', endpoint: { name: 'feedback.update' }, params: { id: 'fb-1' } });
  });
});

describe('PUT /api/v1/feedback/summarize', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 405 with Allow: POST, before the body is validated', async () => {
    const res = await server.request('PUT', '/api/v1/feedback/summarize', { body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body).toEqual({
      message: 'The PUT method is not supported for route api/v1/feedback/summarize. Supported methods: POST.',
    });
  });
});
