import { describe, expect, it } from 'vitest';
import { createContractValidator, describedByDocument, type Exchange } from '../support/contract-validator.js';

const validator = createContractValidator();
const json = { 'content-type': 'application/json' };

function exchange(
  method: string,
  target: string,
  status: number,
  response: unknown,
  request?: unknown,
  headers = {},
): Exchange {
  return {
    method,
    target,
    requestHeaders: request === undefined ? {} : json,
    requestBody: Buffer.from(request === undefined ? '' : JSON.stringify(request)),
    requestTruncated: false,
    status,
    responseHeaders: { ...json, ...headers },
    responseBody: Buffer.from(JSON.stringify(response)),
    responseTruncated: false,
  };
}

const category = { id: 1, name: 'Mobile', color: '#ff8800', sort_order: 1 };

describe('the contract validator', () => {
  it('passes an exchange that follows the document', async () => {
    const v = await validator.validate(
      exchange('PATCH', '/api/v1/categories/1', 200, { data: category }, { name: 'Mobile', color: '#ff8800' }),
    );
    expect(v).toEqual({ operation: 'categories.update', requestValid: true, violations: [] });
  });

  it('a request the document refuses may be refused (422), never accepted', async () => {
    const refused = await validator.validate(
      exchange(
        'POST',
        '/api/v1/categories',
        422,
        { message: 'The given data was invalid.', errors: { name: ['x'] } },
        { name: 'x' },
      ),
    );
    expect(refused).toEqual({ operation: 'categories.create', requestValid: false, violations: [] });
    const accepted = await validator.validate(
      exchange('POST', '/api/v1/categories', 200, { data: category }, { name: 'x' }),
    );
    expect(accepted.violations).toEqual([
      expect.stringMatching(
        /^the document refuses the request \(body \/name must NOT have fewer than 2 characters; .*\) but the server answered 200$/,
      ),
    ]);
  });

  it('flags a status the operation does not list, and a body that breaks the schema of its status', async () => {
    const unlisted = await validator.validate(exchange('GET', '/api/v1/categories', 404, { message: 'x' }));
    expect(unlisted.violations).toEqual(['status 404 is not documented for categories.list']);
    const bad = await validator.validate(
      exchange('GET', '/api/v1/categories', 200, { data: [{ ...category, id: 'one' }] }),
    );
    expect(bad.violations).toEqual([
      'response /data/0/id must be integer',
      'response /data/0/id must be null',
      'response /data/0/id must match a schema in anyOf',
    ]);
  });

  it('a 422 of a rule (message alone) passes where the operation has rules, and not where it only validates', async () => {
    const vote = await validator.validate(
      exchange('POST', '/api/v1/posts/abc12/anonymous_votes/x', 422, { message: 'Item is not voteable.' }),
    );
    expect(vote.violations).toEqual([]);
    const category422 = await validator.validate(
      exchange('POST', '/api/v1/categories', 422, { message: 'Nope' }, { name: 'Mobile' }),
    );
    expect(category422.violations).toEqual(["response (root) must have required property 'errors'"]);
  });

  it('a known path with another verb must be 405 with the right Allow header; an unknown path 404', async () => {
    const put = exchange('PUT', '/api/v1/categories/1', 405, { message: 'x' }, {}, { allow: 'PATCH, DELETE' });
    expect((await validator.validate(put)).violations).toEqual([]);
    const summarize = exchange('PUT', '/api/v1/feedback/summarize', 422, { message: 'x', errors: {} }, {});
    expect((await validator.validate(summarize)).violations).toEqual([
      'a verb the path does not take answered 422, not 405',
      'Allow:  instead of POST',
    ]);
    expect((await validator.validate(exchange('GET', '/api/v1/nope', 404, { message: 'x' }))).violations).toEqual([]);
  });

  it('checks query parameters as the integers and arrays the document names, trimmed as the service trims input', async () => {
    const page = { data: [], hasMore: false, total: 0, skip: 0, limit: 10 };
    expect(
      (await validator.validate(exchange('GET', '/api/v1/posts?limit=10&status=1&status=2', 200, page))).requestValid,
    ).toBe(true);
    expect((await validator.validate(exchange('GET', '/api/v1/posts?limit=%202%20', 200, page))).requestValid).toBe(
      true,
    );
    // D-QUERY-BLANK-ABSENT: a blank optional parameter is as if it had not been sent, and the document says so.
    expect((await validator.validate(exchange('GET', '/api/v1/moderation/rejected?page=', 200, {}))).requestValid).toBe(
      true,
    );
    const v = await validator.validate(exchange('GET', '/api/v1/posts?limit=500', 200, page));
    expect(v.violations).toEqual([
      'the document refuses the request (parameter limit must be string; parameter limit must be <= 100; parameter limit must match a schema in anyOf) but the server answered 200',
    ]);
  });

  it('checks the API under /api/ only: /mcp, /oauth and /.well-known have their own suites', () => {
    expect(['/api/v1/portal', '/api/v1/posts?limit=1', '/api'].map(describedByDocument)).toEqual([true, true, true]);
    expect(
      ['/mcp', '/oauth/token', '/.well-known/oauth-protected-resource', '/__reference/events', '/apix'].map(
        describedByDocument,
      ),
    ).toEqual([false, false, false, false, false]);
  });
});
