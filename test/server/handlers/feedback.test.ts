import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANN, BOB, CARA, fixtureSeed } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = '2026-07-01T12:00:00.000Z';
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer(undefined, { now: () => new Date(NOW) });
});
afterEach(() => server.close());

const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });
const UNKNOWN_UUID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

describe('feedback: list', () => {
  it('R-FEEDBACK-LIST D-FEEDBACK-SHAPE lists feedback entries newest first as {data: [Feedback]}', async () => {
    const res = await server.request('GET', '/api/v1/feedback');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: 'fb-2',
          type: 'bug',
          feedback: 'Export is broken and slow',
          user_id: CARA,
          source: null,
          widget_id: null,
          created_at: '2026-03-02T00:00:00.000000Z',
          updated_at: '2026-03-02T00:00:00.000000Z',
        },
        {
          id: 'fb-1',
          type: 'idea',
          feedback: 'Love the new dashboard',
          user_id: BOB,
          source: null,
          widget_id: null,
          created_at: '2026-03-01T00:00:00.000000Z',
          updated_at: '2026-03-01T00:00:00.000000Z',
        },
      ],
    });
  });

  it('a new entry is listed first', async () => {
    await server.request('POST', '/api/v1/feedback', { body: { type: 'idea', feedback: 'Newest' } });
    const res = await server.request('GET', '/api/v1/feedback');
    expect(res.body.data.map((f: { id: string }) => f.id)).toEqual(['fb-3', 'fb-2', 'fb-1']);
  });
});

describe('feedback: create', () => {
  it('R-FEEDBACK-ID creates an entry with id fb-<n>, attributed to the given user', async () => {
    const res = await server.request('POST', '/api/v1/feedback', {
      body: { type: 'praise', feedback: 'Great work', user_id: BOB },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: 'fb-3',
        type: 'praise',
        feedback: 'Great work',
        user_id: BOB,
        source: null,
        widget_id: null,
        created_at: '2026-07-01T12:00:00.000000Z',
        updated_at: '2026-07-01T12:00:00.000000Z',
      },
    });
    expect(server.store.portals[0].feedback.list().map((f) => f.id)).toEqual(['fb-1', 'fb-2', 'fb-3']);
  });

  it("R-FEEDBACK-CREATE feedback without user_id is attributed to the authenticated user (the portal's admin)", async () => {
    const res = await server.request('POST', '/api/v1/feedback', {
      body: { type: 'idea', feedback: 'No author given' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user_id).toBe(ANN);
  });

  it("D-FEEDBACK-AUTHOR feedback with an unknown user_id is attributed to the authenticated user (the portal's admin)", async () => {
    const res = await server.request('POST', '/api/v1/feedback', {
      body: { type: 'idea', feedback: 'Who?', user_id: UNKNOWN_UUID },
    });
    expect(res.body.data.user_id).toBe(ANN);
    const nul = await server.request('POST', '/api/v1/feedback', {
      body: { type: 'idea', feedback: 'Who?', user_id: null },
    });
    expect(nul.body.data.user_id).toBe(ANN);
  });

  it('R-FEEDBACK-CREATE feedback at a portal without an admin is attributed to an anonymous author (user_id null)', async () => {
    await server.close();
    const seed = fixtureSeed();
    for (const u of seed.portals[0].users ?? []) u.role = 'member';
    server = await startTestServer(seed, { now: () => new Date(NOW) });
    const res = await server.request('POST', '/api/v1/feedback', {
      body: { type: 'idea', feedback: 'Anonymous', user_id: UNKNOWN_UUID },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user_id).toBeNull();
  });

  it('R-FEEDBACK-REQUIRED create feedback: a missing feedback is 422 errors.feedback "The feedback field is required."', async () => {
    for (const body of [{ type: 'idea' }, { type: 'idea', feedback: '' }, { type: 'idea', feedback: null }]) {
      const res = await server.request('POST', '/api/v1/feedback', { body });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ feedback: ['The feedback field is required.'] }));
    }
    expect(server.store.portals[0].feedback.list()).toHaveLength(2);
  });

  it('D-FEEDBACK-VALIDATION create feedback: type is required too', async () => {
    const res = await server.request('POST', '/api/v1/feedback', { body: {} });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(
      invalid({ type: ['The type field is required.'], feedback: ['The feedback field is required.'] }),
    );
  });

  it('D-FEEDBACK-VALIDATION create feedback: type and feedback must be strings, user_id a string', async () => {
    const res = await server.request('POST', '/api/v1/feedback', { body: { type: 1, feedback: ['x'], user_id: 5 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(
      invalid({
        type: ['The type field must be a string.'],
        feedback: ['The feedback field must be a string.'],
        user_id: ['The user id field must be a string.'],
      }),
    );
  });

  it('D-FEEDBACK-IDS D-FEEDBACK-IDS-NEVER-REUSED feedback ids keep counting past deleted entries, the highest one too', async () => {
    await server.request('DELETE', '/api/v1/feedback/fb-2');
    const a = await server.request('POST', '/api/v1/feedback', { body: { type: 'idea', feedback: 'a' } });
    expect(a.body.data.id).toBe('fb-3');
    await server.request('DELETE', '/api/v1/feedback/fb-3');
    const b = await server.request('POST', '/api/v1/feedback', { body: { type: 'idea', feedback: 'b' } });
    expect(b.body.data.id).toBe('fb-4');
  });

  it('creates feedback from a form-urlencoded body', async () => {
    const res = await server.request('POST', '/api/v1/feedback', {
      rawBody: `type=question&feedback=How+do+I+export%3F&user_id=${CARA}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'question', feedback: 'How do I export?', user_id: CARA });
  });
});

describe('feedback: update and delete', () => {
  it('R-FEEDBACK-UPDATE updates the text of an entry and answers {data}', async () => {
    const res = await server.request('PUT', '/api/v1/feedback/fb-1', {
      body: { feedback: 'Love the dashboard, really' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: 'fb-1',
        type: 'idea',
        feedback: 'Love the dashboard, really',
        user_id: BOB,
        source: null,
        widget_id: null,
        created_at: '2026-03-01T00:00:00.000000Z',
        updated_at: '2026-07-01T12:00:00.000000Z',
      },
    });
  });

  it('R-FEEDBACK-REQUIRED update feedback: a missing feedback is 422 errors.feedback "The feedback field is required."', async () => {
    const res = await server.request('PUT', '/api/v1/feedback/fb-1', { body: { type: 'bug' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(invalid({ feedback: ['The feedback field is required.'] }));
  });

  it('update feedback: type is not changed by update', async () => {
    const res = await server.request('PUT', '/api/v1/feedback/fb-1', { body: { feedback: 'New', type: 'bug' } });
    expect(res.body.data.type).toBe('idea');
  });

  it('D-FEEDBACK-RESPONSES POST on a feedback entry is 405; PATCH is taken as PUT (D-ROUTE-FEEDBACK-PATCH)', async () => {
    const res = await server.request('POST', '/api/v1/feedback/fb-1', { body: { feedback: 'x' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('PUT, PATCH, DELETE');
  });

  it('R-FEEDBACK-DELETE deleting an entry answers an empty JSON object', async () => {
    const res = await server.request('DELETE', '/api/v1/feedback/fb-1');
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
    expect(server.store.portals[0].feedback.list().map((f) => f.id)).toEqual(['fb-2']);
  });

  it('D-FEEDBACK-RESPONSES unknown feedback is 404 "No query results for model [App\\Models\\Feedback] <id>"', async () => {
    const put = await server.request('PUT', '/api/v1/feedback/fb-99', { body: { feedback: 'x' } });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: 'No query results for model [App\\Models\\Feedback] fb-99' });
    const del = await server.request('DELETE', '/api/v1/feedback/nope');
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ message: 'No query results for model [App\\Models\\Feedback] nope' });
  });
});

describe('feedback: summarize', () => {
  it('summarizes every entry of the portal as {data: FeedbackSummary}', async () => {
    const res = await server.request('POST', '/api/v1/feedback/summarize', { body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      total: 2,
      by_type: { bug: 1, idea: 1 },
      sentiment: { positive: 1, neutral: 0, negative: 1 },
      filters: {},
    });
    expect(res.body.data.summary).toMatch(/^2 feedback entries matched/);
  });

  it('R-FEEDBACK-SUMMARIZE summarize applies the filters and echoes them normalised', async () => {
    const res = await server.request('POST', '/api/v1/feedback/summarize', {
      body: { sentiment: 'negative', created_from: '2026-03-02', keyword: ' export ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      total: 1,
      by_type: { bug: 1 },
      filters: { sentiment: 'negative', created_from: '2026-03-02', keyword: 'export' },
    });
  });

  it('summarize sees entries created through the API', async () => {
    await server.request('POST', '/api/v1/feedback', { body: { type: 'praise', feedback: 'Great support' } });
    const res = await server.request('POST', '/api/v1/feedback/summarize', { body: { created_from: '2026-07-01' } });
    expect(res.body.data).toMatchObject({ total: 1, by_type: { praise: 1 } });
  });

  it('D-FEEDBACK-SUMMARIZE summarize: invalid enum values, dates and widget are 422 from the schema', async () => {
    const res = await server.request('POST', '/api/v1/feedback/summarize', {
      body: { sentiment: 'angry', focus: 'price', created_from: 'yesterday', widget: 'w1' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(
      invalid({
        sentiment: ['The selected sentiment is invalid.'],
        focus: ['The selected focus is invalid.'],
        widget: ['The widget field must be a valid UUID.'],
        created_from: ['The created from field must be a valid date.'],
      }),
    );
  });
});
