import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DEMO = resolve(import.meta.dirname, '../../scripts/demo.mjs');

function run(): Promise<{ code: number | null; out: string }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [DEMO], { env: { ...process.env, NO_COLOR: '1', CI: 'true' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

const refused = (url: string) =>
  new Promise<boolean>((done) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(true));
  });

describe('npm run demo', () => {
  it('the guided tour runs real fp commands against the demo portal, exits 0 and leaves no server behind', {
    timeout: 120_000,
  }, async () => {
    const { code, out } = await run();
    expect(code, out).toBe(0);
    for (const step of [
      '$ fp portal get',
      '$ fp categories list',
      "$ fp groups users list 'Beta testers'",
      '$ fp moderation pending',
      '$ fp moderation approve post',
      '$ fp posts list --limit 5 --order-by votes_count --order desc',
      '$ fp kb sync export --tab 4 --dir',
      '$ fp kb sync preview --tab 4',
      '$ fp kb link-health scan --tab 4 --wait',
    ]) {
      expect(out).toContain(step);
    }
    expect(out).toMatch(/Plan: 0 to create, 1 to update, 0 to delete, \d+ unchanged\./);
    const url = /Demo portal at (\S+?) /.exec(out)?.[1];
    expect(url).toBeDefined();
    expect(await refused(url!)).toBe(true);
  });
});
