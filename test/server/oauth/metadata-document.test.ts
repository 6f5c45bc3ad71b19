import { describe, expect, it } from 'vitest';
import { cacheMs, isDocumentClientId, MetadataDocuments } from '../../../src/server/oauth/metadata-document.js';

describe('D-OAUTH-CIMD-FETCH Client ID Metadata Documents are fetched through the egress guard', () => {
  it('a document on an address the policy refuses is never fetched: invalid_client, the block in the log only', async () => {
    const logged: string[] = [];
    await expect(
      new MetadataDocuments().client('https://127.0.0.1:9/agent.json', {}, 0, (m) => logged.push(m)),
    ).rejects.toMatchObject({
      status: 400,
      error: 'invalid_client',
      description: 'The client metadata document at https://127.0.0.1:9/agent.json could not be fetched.',
    });
    expect(logged).toEqual([
      'The client metadata document at https://127.0.0.1:9/agent.json could not be fetched: blocked: 127.0.0.1 is a loopback address (not checked from this server).',
    ]);
  });

  it.each([
    ['https://user:pw@agent.example/a.json', 'must not carry credentials in its URL.'],
    ['https://agent.example/a.json#x', 'must not have a fragment in its URL.'],
    ['https://agent.example/a/../b.json', 'must not have . or .. segments in its URL.'],
    ['https://agent.example', 'must have a path in its URL.'],
  ])('the URL %s is refused before anything is fetched: %s', async (url, why) => {
    await expect(new MetadataDocuments().client(url, {}, 0)).rejects.toMatchObject({
      error: 'invalid_client',
      description: `The client metadata document at ${url} ${why}`,
    });
  });

  it('only https URLs name documents; registered ids never do', () => {
    expect(isDocumentClientId('https://agent.example/a.json')).toBe(true);
    expect(isDocumentClientId('http://agent.example/a.json')).toBe(false);
    expect(isDocumentClientId('Qm9vdHN0cmFwLWlkLTE2')).toBe(false);
  });
});

describe('D-OAUTH-CIMD-CACHE how long a document is reused', () => {
  it.each([
    [undefined, 300_000],
    ['public, max-age=600', 600_000],
    ['max-age=5', 60_000],
    ['max-age=999999999', 86_400_000],
    ['no-store', 0],
    ['private, no-cache', 0],
    ['public', 300_000],
  ])('Cache-Control %s: %i ms', (header, ms) => {
    expect(cacheMs(header)).toBe(ms);
  });
});
