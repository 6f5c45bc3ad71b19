import type { ServerResponse } from 'node:http';
import { isDocumentClientId } from './metadata-document.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

export const csrfCookieName = (consentId: string) => `fp_oauth_csrf_${consentId}`;

export interface ConsentView {
  consentId: string;
  csrf: string;
  portalTitle: string;
  clientName?: string;
  clientId: string;
  redirectUri: string;
  /** Shown above the form after a refused key. */
  problem?: string;
}

/** Everything a browser needs to show the page and nothing it could be tricked with. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  pragma: 'no-cache',
};

function renderConsentPage(view: ConsentView): string {
  const client = escapeHtml(view.clientName ?? view.clientId);
  const portal = escapeHtml(view.portalTitle);
  const target = escapeHtml(new URL(view.redirectUri).origin);
  // A document's client_name is its own claim: the page also says where the document lives.
  const document = isDocumentClientId(view.clientId)
    ? `\n<p>Its description is published at <code id="client-document">${escapeHtml(view.clientId)}</code>.</p>`
    : '';
  const problem = view.problem ? `<p class="problem" role="alert">${escapeHtml(view.problem)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize ${client} for ${portal}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; }
.problem { background: #fdecea; border: 1px solid #f5c2c0; padding: .5rem .75rem; border-radius: 4px; }
label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
input[type=password] { width: 100%; padding: .5rem; font: inherit; box-sizing: border-box; }
.actions { margin-top: 1.25rem; display: flex; gap: .75rem; }
button { font: inherit; padding: .5rem 1rem; }
small { color: #555; }
</style>
</head>
<body>
<main>
<h1>Authorize <span id="client">${client}</span></h1>
<p><strong id="client-name">${client}</strong> asks to use the MCP server of <strong id="portal">${portal}</strong> with scope <code>mcp</code>: reading and writing posts, comments, votes, users and statuses on your behalf. After you approve, your browser returns to <code id="redirect">${target}</code>.</p>${document}
${problem}
<form method="post" action="/oauth/authorize">
<input type="hidden" name="consent_id" value="${escapeHtml(view.consentId)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(view.csrf)}">
<label for="api_key">Administrator API key of ${portal}</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" required>
<small>Any of the portal's API keys that is not read-only. It stays on this server; the client never sees it.</small>
<div class="actions">
<button type="submit" name="action" value="approve" id="approve">Approve</button>
<button type="submit" name="action" value="deny" id="deny" formnovalidate>Deny</button>
</div>
</form>
</main>
</body>
</html>
`;
}

export function sendConsentPage(
  res: ServerResponse,
  status: number,
  view: ConsentView,
  headers: Record<string, string> = {},
): void {
  const html = renderConsentPage(view);
  res.writeHead(status, {
    ...PAGE_HEADERS,
    ...headers,
    'content-length': Buffer.byteLength(html),
    'set-cookie': `${csrfCookieName(view.consentId)}=${view.csrf}; Path=/oauth/authorize; HttpOnly; SameSite=Strict; Max-Age=600`,
  });
  res.end(html);
}
