/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s256 } from '../../support/pkce.js';
import { ADMIN_KEY, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { installed, requireTool } from '../../support/required-tool.js';

/** The consent page in a real browser: Debian's chromium, headless (CI installs it). */
const CHROMIUM = '/usr/bin/chromium';
const REDIRECT = 'http://127.0.0.1:9/callback';
const VERIFIER = 'b'.repeat(64);
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">Agent';

let server: TestServer;
let browser: Browser;
let profileDir: string;

beforeAll(async () => {
  if (!installed(CHROMIUM)) return;
  server = await startTestServer();
  profileDir = mkdtempSync(join(tmpdir(), 'fp-chromium-'));
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profileDir}`,
    ],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

async function authorizeUrl(): Promise<{ url: string; clientId: string }> {
  const reg = await server.request('POST', '/oauth/register', {
    token: null,
    body: { redirect_uris: [REDIRECT], client_name: HOSTILE_NAME },
  });
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: reg.body.client_id,
    redirect_uri: REDIRECT,
    code_challenge: s256(VERIFIER),
    code_challenge_method: 'S256',
    state: 'browser-state',
  });
  return { url: `${server.url}/oauth/authorize?${q}`, clientId: reg.body.client_id };
}

/** A page whose navigation to the client's callback is answered here (nothing listens on port 9). */
async function openPage(): Promise<{ page: Page; callback: Promise<URL> }> {
  const page = await browser.newPage();
  await page.setRequestInterception(true);
  let reached!: (u: URL) => void;
  const callback = new Promise<URL>((resolve) => (reached = resolve));
  page.on('request', (req) => {
    if (req.url().startsWith(REDIRECT)) {
      reached(new URL(req.url()));
      void req.respond({ status: 200, contentType: 'text/plain', body: 'client callback' });
    } else void req.continue();
  });
  return { page, callback };
}

describe('the consent page in headless Chromium', () => {
  beforeEach((ctx) => requireTool(ctx, 'chromium', installed(CHROMIUM)));

  it('D-OAUTH-CONSENT shows the request, echoes the client name as text only, and approves with an administrator key', async () => {
    const { page, callback } = await openPage();
    const { url, clientId } = await authorizeUrl();
    await page.goto(url);
    expect(await page.title()).toBe(`Authorize ${HOSTILE_NAME} for Test Portal`);
    expect(await page.$eval('#client-name', (el) => el.textContent)).toBe(HOSTILE_NAME);
    expect(await page.$eval('#portal', (el) => el.textContent)).toBe('Test Portal');
    expect(await page.$eval('#redirect', (el) => el.textContent)).toBe('http://127.0.0.1:9');
    expect(await page.$$('img')).toHaveLength(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // A read-only key is refused on the page; the form stays usable.
    await page.type('#api_key', READONLY_KEY);
    await Promise.all([page.waitForNavigation(), page.click('#approve')]);
    expect(await page.$eval('.problem', (el) => el.textContent)).toBe(
      'That key is not an administrator key of this portal: it is unknown, read-only or expired.',
    );

    await page.type('#api_key', ADMIN_KEY);
    await Promise.all([page.waitForNavigation(), page.click('#approve')]);
    const back = await callback;
    expect(back.searchParams.get('state')).toBe('browser-state');
    const code = back.searchParams.get('code')!;
    const token = await server.request('POST', '/oauth/token', {
      token: null,
      rawBody: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: VERIFIER,
        redirect_uri: REDIRECT,
        client_id: clientId,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.status).toBe(200);
    expect(token.body.token_type).toBe('Bearer');
    await page.close();
  });

  it('D-OAUTH-CONSENT deny goes back with access_denied', async () => {
    const { page, callback } = await openPage();
    await page.goto((await authorizeUrl()).url);
    await Promise.all([page.waitForNavigation(), page.click('#deny')]);
    const back = await callback;
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The administrator denied access.',
      state: 'browser-state',
      iss: server.url,
    });
    await page.close();
  });

  it('D-OAUTH-CONSENT a form posted from another site is refused: the anti-CSRF cookie does not travel with it', async () => {
    const { page } = await openPage();
    await page.goto((await authorizeUrl()).url);
    const field = (name: string) => page.$eval(`input[name=${name}]`, (el) => (el as HTMLInputElement).value);
    const fields = {
      consent_id: await field('consent_id'),
      csrf_token: await field('csrf_token'),
      api_key: ADMIN_KEY,
      action: 'approve',
    };
    // localhost is another site than 127.0.0.1: its page auto-submits the same fields to the consent endpoint.
    await page.goto(`${server.url.replace('127.0.0.1', 'localhost')}/.well-known/oauth-protected-resource`);
    await Promise.all([
      page.waitForNavigation(),
      page.evaluate(
        (target, values) => {
          const form = document.createElement('form');
          form.method = 'POST';
          form.action = target;
          for (const [name, value] of Object.entries(values)) {
            const input = document.createElement('input');
            input.type = 'hidden';
            input.name = name;
            input.value = value;
            form.append(input);
          }
          document.body.append(form);
          form.submit();
        },
        `${server.url}/oauth/authorize`,
        fields,
      ),
    ]);
    expect(JSON.parse(await page.$eval('body', (el) => el.innerText))).toEqual({
      error: 'invalid_request',
      error_description: 'The consent form was not sent from the consent page of this browser.',
    });
    await page.close();
  });
});
