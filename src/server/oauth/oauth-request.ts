import type { EgressPolicy } from '../egress/egress-guard.js';
import type { OAuthState } from './oauth-state.js';

/** What every OAuth endpoint knows of the request it answers: the portal chosen by Host, and when. */
export interface OAuthRequest {
  state: OAuthState;
  origin: string;
  /** The portal (guid) chosen by Host. */
  portal: string;
  now: Date;
  /** Whether the administrator's key behind a grant still works (not removed, read-only or expired). */
  isAdminKey: (apiKey: string) => boolean;
}

/** An endpoint that may fetch a client's Client ID Metadata Document. */
export interface FetchingOAuthRequest extends OAuthRequest {
  /** Where Client ID Metadata Documents may be fetched from. */
  egress: EgressPolicy;
  /** The server's log (why a document could not be fetched). */
  log?: (message: string) => void;
}
