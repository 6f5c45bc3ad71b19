import { ApiError, redactKey } from '../../../client/api-client.js';
import type { Portal } from '../../../contract/schemas/portal.js';
import type { Credentials } from '../../config/resolve-credentials.js';
import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Column } from '../../output/output.js';

/** What `auth status` reports; the key only masked. */
interface AuthStatus {
  portal: Portal;
  base_url: string;
  base_url_source: Credentials['urlSource'];
  profile: string | null;
  api_key: string;
  api_key_source: Credentials['keySource'];
}

const keySource = (s: Pick<AuthStatus, 'api_key_source' | 'profile'>) =>
  s.api_key_source === 'profile' ? `profile "${s.profile}"` : s.api_key_source;

const statusFields: Column<AuthStatus>[] = [
  { header: 'Portal', value: (s) => s.portal.title },
  { header: 'Editor', value: (s) => s.portal.editor_type },
  { header: 'Base URL', value: (s) => s.base_url },
  { header: 'API key', value: (s) => s.api_key },
  { header: 'Key from', value: keySource },
  { header: 'Profile', value: (s) => s.profile ?? '(none)' },
];

/** Check the key in use live (GET /api/v1/portal) and say where it came from. */
async function authStatus(f: Factory): Promise<AuthStatus> {
  const creds = await f.credentials();
  const client = await f.client();
  const status = {
    base_url: creds.baseUrl,
    base_url_source: creds.urlSource,
    profile: creds.profile ?? null,
    api_key: redactKey(creds.apiKey),
    api_key_source: creds.keySource,
  };
  let portal: Portal;
  try {
    ({ data: portal } = await client.call('portal.get', {}));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      f.status(`The key ${status.api_key} from ${keySource(status)} was refused by ${creds.baseUrl}`);
    }
    throw err;
  }
  return { portal, ...status };
}

export default defineCommand({
  name: 'status',
  description: 'Check the API key in use against the portal and show where it came from',
  columns: statusFields,
  examples: ['fp auth status', 'FP_PROFILE=staging fp auth status --json'],
  help: 'Exits 4 when no key is configured or the portal refuses it.',
  run: async ({ f }) => ({ item: await authStatus(f) }),
});
