import { encodeQuery, type ApiClient } from '../client/api-client.js';
import { endpoints } from '../contract/endpoints.js';

/**
 * The knowledge-base export as a resource: `knowledgebase.export` links to it, and
 * the client reads it with `resources/read` when it wants the bytes, so no tool
 * result carries the archive.
 */
export const EXPORT_URI_TEMPLATE = 'fp://knowledgebase/tabs/{tab_id}/export.zip';

export const exportUri = (tabId: string): string => `fp://knowledgebase/tabs/${encodeURIComponent(tabId)}/export.zip`;

/** The tab id of an export URI; undefined for any other URI. */
export function exportTabOf(uri: string): string | undefined {
  const match = /^fp:\/\/knowledgebase\/tabs\/(\d+)\/export\.zip$/.exec(uri);
  return match?.[1];
}

export async function readExport(client: ApiClient, tabId: string): Promise<Buffer> {
  const endpoint = endpoints['knowledgebase.export'];
  const res = await client.send(endpoint.method, endpoint.path + encodeQuery({ tab_id: tabId }), {
    headers: { accept: 'application/zip, application/json' },
  });
  return Buffer.from(await res.body.arrayBuffer());
}
