import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '../../../src/contract/endpoints.js';
import { createRouter } from '../../../src/server/http/router.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('router', () => {
  const match = createRouter();

  it('a literal segment wins over a path parameter: /feedback/summarize is never /feedback/{id}', () => {
    expect(match('POST', '/api/v1/feedback/summarize')).toMatchObject({
      kind: 'found',
      endpoint: { name: 'feedback.summarize' },
    });
    expect(match('PUT', '/api/v1/feedback/summarize')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(match('DELETE', '/api/v1/feedback/summarize')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(match('PUT', '/api/v1/feedback/fb-1')).toMatchObject({
      kind: 'found',
      endpoint: { name: 'feedback.update' },
      params: { id: 'fb-1' },
    });
  });

  it('finds every endpoint of the table by its own path, with or without a trailing slash, and nothing one segment off', () => {
    for (const endpoint of endpointList) {
      const path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => `${name}%201`);
      const params = Object.fromEntries(
        [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `${name} 1`]),
      );
      expect(match(endpoint.method, path), path).toEqual({ kind: 'found', endpoint, params });
      expect(match(endpoint.method, `${path}/`), `${path}/`).toEqual({ kind: 'found', endpoint, params });
      expect(match(endpoint.method, `${path}/extra/more`).kind, `${path}/extra/more`).toBe('not-found');
      expect(match(endpoint.method, path.toUpperCase()).kind, path.toUpperCase()).toBe('not-found');
    }
    expect(match('GET', '/')).toEqual({ kind: 'not-found' });
    expect(match('GET', '/api/v1//categories')).toEqual({ kind: 'not-found' });
  });

  it('a path asked again gets the same answer, for each method, and its parameters cannot be changed by whoever got them', () => {
    const fresh = createRouter();
    const first = fresh('PUT', '/api/v1/feedback/fb-7');
    expect(fresh('PUT', '/api/v1/feedback/fb-7')).toEqual(first);
    expect(fresh('PUT', '/api/v1/feedback/fb-8')).toMatchObject({ params: { id: 'fb-8' } });
    expect(fresh('POST', '/api/v1/feedback/fb-7').kind).toBe('method-not-allowed');
    expect(fresh('PUT', '/api/v1/feedback/fb-7')).toMatchObject({ kind: 'found', params: { id: 'fb-7' } });
    expect(() => {
      (first as { params: Record<string, string> }).params.id = 'changed';
    }).toThrow(TypeError);
    // Many different paths, and long ones, answer as the first time.
    for (let i = 0; i < 5_000; i++)
      expect(fresh('GET', `/api/v1/posts/p${i}/comments`)).toMatchObject({ params: { key: `p${i}` } });
    const long = `/api/v1/posts/${'k'.repeat(5_000)}/comments`;
    expect(fresh('GET', long)).toMatchObject({ kind: 'found', params: { key: 'k'.repeat(5_000) } });
    expect(fresh('GET', long)).toMatchObject({ kind: 'found', params: { key: 'k'.repeat(5_000) } });
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
