import type { LinkHealthServices } from '../kb/link-health-service.js';
import type { EgressPolicy } from '../egress/egress-guard.js';

/**
 * Long-lived helpers the handlers share besides the store (link-health scans,
 * clock). Filled in by `createApp`; tests may pass their own. Optional ones
 * fall back to process-wide defaults where they are used, so `createApp({ store })`
 * needs nothing more.
 */
export interface ServerServices extends LinkHealthServices {
  now: () => Date;
  /** Where sync uploads are spooled (one temp directory per request); defaults to os.tmpdir(). */
  uploadTmpDir?: string;
  /** Where webhooks may be delivered; by default loopback and own addresses (private ones with allowPrivateLinks). */
  webhookEgress?: EgressPolicy;
  /** Lets OAuth fetch Client ID Metadata Documents from loopback and private addresses (`--allow-local-client-documents`). */
  allowLocalClientDocuments?: boolean;
  /** Where Client ID Metadata Documents may be fetched from; by default public addresses only. */
  clientDocumentEgress?: EgressPolicy;
  [name: string]: unknown;
}
