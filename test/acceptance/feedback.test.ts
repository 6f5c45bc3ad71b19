import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

describe('fp feedback', () => {
  it('list --json gives the entries newest first', async () => {
    const r = await server.fp(['feedback', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.map((e: { id: string; type: string }) => [e.id, e.type])).toEqual([
      ['fb-2', 'bug'],
      ['fb-1', 'idea'],
    ]);
  });

  it('summarize prints the summary sentence, counts by type, the sentiment split and phrases for people', async () => {
    const data = (await server.fp(['feedback', 'summarize', '--json'])).json;
    const r = await server.fp(['feedback', 'summarize']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(data.summary);
    expect(lines.slice(1, 6)).toEqual([
      '',
      'Entries:   2',
      'By type:   bug 1, idea 1',
      'Sentiment: positive 1, neutral 0, negative 1',
      'Focus:     usability 0, functionality 1, value 0',
    ]);
    expect(lines[6]).toMatch(/^Top phrases:/);
  });

  it('summarize --json with filters gives the data', async () => {
    const r = await server.fp(['feedback', 'summarize', '--sentiment', 'positive', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({
      total: 1,
      by_type: { idea: 1 },
      sentiment: { positive: 1, neutral: 0, negative: 0 },
    });
  });

  it('summarize with a sentiment outside the choices exits 2', async () => {
    const r = await server.fp(['feedback', 'summarize', '--sentiment', 'angry']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "error: option '--sentiment <sentiment>' argument 'angry' is invalid. Allowed choices are positive, neutral, negative.\n",
    );
  });

  it('create from stdin, update, then delete with --yes', async () => {
    const created = await server.fp(
      ['feedback', 'create', '--type', 'praise', '--text-file', '-', '--user', BOB, '--json'],
      {
        input: 'Fast support\n',
      },
    );
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ id: 'fb-3', type: 'praise', feedback: 'Fast support', user_id: BOB });

    const updated = await server.fp(['feedback', 'update', 'fb-3', '--text', 'Very fast support', '--json']);
    expect(updated.json).toMatchObject({ id: 'fb-3', feedback: 'Very fast support' });

    const refused = await server.fp(['feedback', 'delete', 'fb-3']);
    expect(refused.code).toBe(2);
    const deleted = await server.fp(['feedback', 'delete', 'fb-3', '--yes']);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toBe('Deleted feedback entry fb-3.\n');
    const list = await server.fp(['feedback', 'list', '--json']);
    expect(list.json.map((e: { id: string }) => e.id)).toEqual(['fb-2', 'fb-1']);
  });

  it('update of an unknown entry exits 1', async () => {
    const r = await server.fp(['feedback', 'update', 'fb-404', '--text', 'Nothing']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: feedback fb-404 not found (404)\n');
  });
});
