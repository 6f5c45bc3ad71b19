import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import summarize from '../../../../src/cli/commands/feedback/summarize.js';
import { main } from '../../../../src/cli/main.js';
import type { FeedbackSummary } from '../../../../src/contract/schemas/feedback.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
import { fakeFactory, fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { runCommand } from '../../support/run-command.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function fp(argv: string[], opts: FakeIOOptions & { baseUrl?: string } = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: opts.baseUrl ?? server.url, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

/** What `fp feedback summarize` prints for people when the server answers with this summary. */
async function summaryText(summary: FeedbackSummary): Promise<string> {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get('http://portal.test')
    .intercept({ path: '/api/v1/feedback/summarize', method: 'POST' })
    .reply(200, { data: summary });
  const io = fakeIO();
  try {
    await runCommand(
      summarize,
      [],
      fakeFactory(io, { baseUrl: 'http://portal.test', apiKey: ADMIN_KEY, dispatcher: agent }),
    );
  } finally {
    await agent.close();
  }
  return io.out();
}

describe('the summary for people', () => {
  it('shows the sentence, counts by type (most first), the sentiment split, focus and top phrases', async () => {
    const text = await summaryText({
      summary: 'Three entries matched.',
      total: 3,
      by_type: { idea: 1, bug: 2 },
      sentiment: { positive: 1, neutral: 0, negative: 2 },
      focus: { usability: 0, functionality: 2, value: 1 },
      top_phrases: [
        { phrase: 'export', count: 12 },
        { phrase: 'dark mode', count: 2 },
      ],
      filters: {},
    });
    expect(text).toBe(
      [
        'Three entries matched.',
        '',
        'Entries:   3',
        'By type:   bug 2, idea 1',
        'Sentiment: positive 1, neutral 0, negative 2',
        'Focus:     usability 0, functionality 2, value 1',
        'Top phrases:',
        '  12  export',
        '   2  dark mode',
        '',
      ].join('\n'),
    );
  });

  it('says none when there are no entries or phrases', async () => {
    const text = await summaryText({
      summary: 'No entries.',
      total: 0,
      by_type: {},
      sentiment: { positive: 0, neutral: 0, negative: 0 },
      focus: { usability: 0, functionality: 0, value: 0 },
      top_phrases: [],
      filters: {},
    });
    expect(text).toContain('By type:   none\n');
    expect(text).toContain('Top phrases: none\n');
  });
});

describe('fp feedback summarize', () => {
  it('prints the summary for people', async () => {
    const served = await server.request('POST', '/api/v1/feedback/summarize', { body: {} });
    const r = await fp(['feedback', 'summarize']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(await summaryText(served.body.data));
    expect(r.out.split('\n')[0]).toBe(served.body.data.summary);
  });

  it('--json prints the data, filtered', async () => {
    const r = await fp(['feedback', 'summarize', '--sentiment', 'negative', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ total: 1, by_type: { bug: 1 }, filters: { sentiment: 'negative' } });
  });

  it('a sentiment outside the choices exits 2 and lists them', async () => {
    const r = await fp(['feedback', 'summarize', '--sentiment', 'meh']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "error: option '--sentiment <sentiment>' argument 'meh' is invalid. Allowed choices are positive, neutral, negative.\n",
    );
  });

  it('a focus outside the choices exits 2', async () => {
    const r = await fp(['feedback', 'summarize', '--focus', 'price']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Allowed choices are usability, functionality, value.');
  });

  it('--from and --to fill created_from and created_to', async () => {
    const from = await fp(['feedback', 'summarize', '--from', '2026-03-02', '--json']);
    expect(from.io.json().total).toBe(1);
    const to = await fp(['feedback', 'summarize', '--to', '2026-03-01', '--json']);
    expect(to.io.json().total).toBe(1);
  });

  it('an invalid date exits 2 before sending', async () => {
    const r = await fp(['feedback', 'summarize', '--from', 'yesterday'], { baseUrl: 'http://127.0.0.1:9' });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: invalid --from "yesterday": must be a valid date.\n');
  });
});
