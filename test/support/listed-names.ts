import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_KEY } from './fixture-seed.js';
import { FP_BIN, runFp, startFpServer } from './run-fp.js';

/**
 * A profile `acme` logged in to a fixture server, after `fp categories list`, `fp groups list`,
 * `fp kb link-health results --tab "Help center"` (the tab list read to resolve it),
 * `fp groups users list "Beta testers"` (Bob Member) and `fp posts list --status "Under review"`
 * (one post, dark1, by Bob Member) ran with it, and an `fp` on PATH that runs the built CLI:
 * what completion reads names from.
 */
export async function withListedNames(): Promise<{ env: NodeJS.ProcessEnv; stop(): Promise<void> }> {
  const server = await startFpServer();
  const configDir = mkdtempSync(join(tmpdir(), 'fp-names-'));
  const env = { FP_CONFIG_DIR: configDir };
  const login = await runFp(['auth', 'login', '--profile', 'acme', '--base-url', server.url, '--with-key'], {
    input: ADMIN_KEY,
    env,
  });
  if (login.code !== 0) throw new Error(login.stderr);
  for (const list of ['categories', 'groups']) await runFp([list, 'list'], { env });
  await runFp(['kb', 'link-health', 'results', '--tab', 'Help center'], { env });
  await runFp(['groups', 'users', 'list', 'Beta testers'], { env });
  await runFp(['posts', 'list', '--status', 'Under review'], { env });
  const bin = mkdtempSync(join(tmpdir(), 'fp-bin-'));
  writeFileSync(join(bin, 'fp'), `#!/bin/sh\nexec "${process.execPath}" "${FP_BIN}" "$@"\n`);
  chmodSync(join(bin, 'fp'), 0o755);
  return {
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: tmpdir(), FP_CONFIG_DIR: configDir },
    stop: () => server.stop(),
  };
}
