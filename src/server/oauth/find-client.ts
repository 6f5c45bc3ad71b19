import type { RegisteredClient } from './client-registry.js';
import { isDocumentClientId } from './metadata-document.js';
import type { FetchingOAuthRequest } from './oauth-request.js';

/** What a lookup needs: the portal's state and clock, and where a metadata document may be fetched from. */
export type ClientLookup = Pick<FetchingOAuthRequest, 'state' | 'portal' | 'now' | 'egress' | 'log'>;

/**
 * The client a client_id stands for at this portal: the one its Client ID Metadata
 * Document describes (any portal may be asked by it; refusals are `invalid_client`
 * errors naming the document's fault), or one registered with this portal.
 */
export async function findClient(clientId: string, ctx: ClientLookup): Promise<RegisteredClient | undefined> {
  const now = ctx.now.getTime();
  if (isDocumentClientId(clientId))
    return { ...(await ctx.state.documents.client(clientId, ctx.egress, now, ctx.log)), portal: ctx.portal };
  const client = ctx.state.client(clientId, now);
  return client?.portal === ctx.portal ? client : undefined;
}
