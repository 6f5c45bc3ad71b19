import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { MetadataDocuments } from '../../../src/server/oauth/metadata-document.js';

/** The network, faked: every fetch of a document answers it with this Cache-Control, and is counted. */
const answer = vi.hoisted(() => ({ cacheControl: undefined as string | undefined, fetches: 0 }));
vi.mock('../../../src/client/undici-parts.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request: async (url: string) => {
    answer.fetches++;
    const body = JSON.stringify({ client_id: url, redirect_uris: ['http://127.0.0.1:9/callback'] });
    return {
      statusCode: 200,
      headers: answer.cacheControl === undefined ? {} : { 'cache-control': answer.cacheControl },
      body: Readable.from([Buffer.from(body)]),
    };
  },
}));

/** How many times a document is fetched when asked for at these moments. */
async function fetches(cacheControl: string | undefined, moments: number[]): Promise<number> {
  Object.assign(answer, { cacheControl, fetches: 0 });
  const documents = new MetadataDocuments();
  for (const now of moments) await documents.client('https://agent.example/a.json', {}, now);
  return answer.fetches;
}

describe('D-OAUTH-CIMD-CACHE how long a document is reused', () => {
  it.each([
    [undefined, 300_000],
    ['public, max-age=600', 600_000],
    ['max-age=5', 60_000],
    ['max-age=999999999', 86_400_000],
    ['no-store', 0],
    ['private, no-cache', 0],
    ['public', 300_000],
  ])('Cache-Control %s: %i ms', async (header, ms) => {
    if (ms > 0) expect(await fetches(header, [0, ms - 1])).toBe(1);
    expect(await fetches(header, [0, ms])).toBe(2);
  });
});
