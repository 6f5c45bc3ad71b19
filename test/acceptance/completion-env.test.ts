import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
let home: string;
beforeAll(async () => {
  server = await startFpServer(fixtureSeed());
  home = mkdtempSync(join(tmpdir(), 'fp-home-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(home, { recursive: true, force: true });
});

/** fp with a fresh HOME and no FP_CONFIG_DIR: the platform's own config folder is used. */
const fp = (args: string[], env: Record<string, string | undefined> = {}) =>
  runFp(args, { env: { HOME: home, FP_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined, ...env } });

describe('completion and the config folder (D-CONFIG-DIR-PRIVATE)', () => {
  it('fp __complete makes the config folder private (0700), never wider', async () => {
    for (const source of ['categories', 'profiles']) expect((await fp(['__complete', source])).code).toBe(0);
    expect(statSync(join(home, '.config', 'fp')).mode & 0o777).toBe(0o700);
  });

  it('with only FP_BASE_URL and FP_API_KEY, names listed before are offered, kept by the address', async () => {
    const env = { FP_BASE_URL: server.url, FP_API_KEY: ADMIN_KEY };
    expect((await fp(['categories', 'list'], env)).code).toBe(0);
    expect((await fp(['__complete', 'categories'], env)).stdout).toBe('Integrations\nMobile\nLocked\n');
    // Another address has names of its own (none yet).
    const other = { FP_BASE_URL: server.url.replace('127.0.0.1', 'localhost'), FP_API_KEY: ADMIN_KEY };
    expect((await fp(['__complete', 'categories'], other)).stdout).toBe('');
    expect(statSync(join(home, '.config', 'fp', 'completion')).mode & 0o777).toBe(0o700);
  });
});
