import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeInput } from '../../../src/server/http/normalize-input.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('normalizeInput (TrimStrings + ConvertEmptyStringsToNull)', () => {
  it('trims every string, nested ones too, and turns the empty ones into null', () => {
    expect(
      normalizeInput({
        name: '  Bugs ',
        blank: '   ',
        empty: '',
        list: [' a ', '', 'b'],
        nested: { x: '\t\ny\u00a0\u200b\ufeff' },
        n: 1,
        t: true,
        z: null,
      }),
    ).toEqual({
      name: 'Bugs',
      blank: null,
      empty: null,
      list: ['a', null, 'b'],
      nested: { x: 'y' },
      n: 1,
      t: true,
      z: null,
    });
  });

  it('keeps inner whitespace and a __proto__ field as an ordinary field', () => {
    const out = normalizeInput(JSON.parse('{"__proto__": " x ", "text": " a  b "}')) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__', 'text']);
    expect(out.text).toBe('a  b');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe('the server normalises input before validation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('D-INPUT-NORMALISE a JSON "  Partners " is stored as "Partners"', async () => {
    const res = await server.request('POST', '/api/v1/groups', {
      body: { name: '  Partners ', description: ' Resellers\n' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Partners', description: 'Resellers' });
  });

  it('D-INPUT-NORMALISE a JSON "   " fails required', async () => {
    const res = await server.request('POST', '/api/v1/groups', { body: { name: '   ' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name field is required.'] },
    });
  });

  it('D-INPUT-NORMALISE form fields are normalised the same way', async () => {
    const res = await server.request('POST', '/api/v1/groups', {
      rawBody: 'name=%20%20Form%20group%20',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Form group');
  });

  it('D-INPUT-NORMALISE query strings are normalised: " 2 " is the integer 2', async () => {
    const padded = await server.request('GET', '/api/v1/posts?limit=%202%20');
    expect(padded.status).toBe(200);
    expect(padded.body.limit).toBe(2);
  });
});
