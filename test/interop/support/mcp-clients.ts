import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as Client2, StreamableHTTPClientTransport as Http2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as Stdio2 } from '@modelcontextprotocol/client/stdio';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as Stdio1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as Http1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { request } from 'undici';
import { toolsets } from '../../../src/mcp/tools.js';
import { accessToken } from '../../mcp/support/access-token.js';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import { FP_BIN, type FpServer } from '../../support/run-fp.js';
import type { TestServer } from '../../support/test-server.js';
import type { CallResult, TourClient } from './mcp-tour.js';

export type Sdk = 'sdk 1.x' | 'sdk 2.x';
export type Transport = 'stdio' | '/mcp';

/** Every toolset, the events log's included: the tour drives every tool there is. */
export const ALL_TOOLSETS = toolsets.join(',');

/** `server.request` of the test helpers over plain HTTP to a running `fp server`, for the OAuth steps. */
export function httpOf(base: string): TestServer {
  return {
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
      let body = opts.rawBody;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] = 'application/json';
      }
      const res = await request(base + path, { method: method as 'GET', headers, body });
      const text = await res.body.text();
      const responseHeaders = new Headers();
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) responseHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.statusCode, headers: responseHeaders, body: parsed, text };
    },
  } as TestServer;
}

/** An access token of `fp server`'s portal through its OAuth flow: registration, consent, PKCE code exchange. */
export const fpAccessToken = (server: FpServer) => accessToken(httpOf(server.url));

/** `fp mcp` over the server's portal, as an agent's configuration starts it. */
function stdioParams(server: FpServer, args: string[]) {
  return {
    command: process.execPath,
    args: [FP_BIN, 'mcp', ...args],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      FP_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'fp-interop-')),
      FP_BASE_URL: server.url,
      FP_API_KEY: ADMIN_KEY,
      NO_COLOR: '1',
    },
    stderr: 'ignore' as const,
  };
}

export interface Connected extends TourClient {
  raw: Client1 | Client2;
  close(): Promise<void>;
}

/** One SDK's client over one transport to fp; `query` is `/mcp`'s (or `fp mcp`'s flags as a query). */
export async function connect(
  sdk: Sdk,
  transport: Transport,
  server: FpServer,
  options: { args?: string[]; query?: string; token?: string } = {},
): Promise<Connected> {
  const url = new URL(`${server.url}/mcp${options.query ?? ''}`);
  const requestInit = { headers: { authorization: `Bearer ${options.token}` } };
  const info = { name: `fp-interop-${sdk.replace(/\W/g, '')}`, version: '1.0.0' };
  let client: Client1 | Client2;
  if (sdk === 'sdk 1.x') {
    client = new Client1(info);
    await client.connect(
      transport === 'stdio' ? new Stdio1(stdioParams(server, options.args ?? [])) : new Http1(url, { requestInit }),
    );
  } else {
    client = new Client2(info);
    await client.connect(
      transport === 'stdio' ? new Stdio2(stdioParams(server, options.args ?? [])) : new Http2(url, { requestInit }),
    );
  }
  return {
    raw: client,
    listTools: async () => (await client.listTools()).tools as Array<{ name: string; outputSchema?: object }>,
    callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as CallResult,
    readResource: async (uri) => ((await client.readResource({ uri })).contents[0] as { blob: string }).blob,
    close: () => client.close(),
  };
}
