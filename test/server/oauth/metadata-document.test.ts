import { describe, expect, it } from 'vitest';
import { isDocumentClientId, MetadataDocuments } from '../../../src/server/oauth/metadata-document.js';

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
