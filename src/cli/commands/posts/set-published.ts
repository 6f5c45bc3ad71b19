import type { ApiClient } from '../../../client/api-client.js';

/**
 * Brings a post to the wanted published state through the API's one operation, a toggle
 * (D-POST-TOGGLE-PUBLISH): the post record does not show the flag, so a toggle that lands on
 * the other state is toggled back, and the post was already as wanted.
 */
export async function setPublished(
  client: ApiClient,
  key: string,
  wanted: boolean,
): Promise<{ data: { id: number; key: string; published: boolean }; changed: boolean }> {
  const first = await client.call('posts.togglePublish', { params: { key } });
  if (first.data.published === wanted) return { data: first.data, changed: true };
  const back = await client.call('posts.togglePublish', { params: { key } });
  return { data: back.data, changed: false };
}
