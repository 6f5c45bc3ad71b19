import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openInBrowser } from '../../src/cli/open-in-browser.js';
import { fakeFactory, fakeIO } from '../support/fake-io.js';

/** Stand-ins for the launchers, alone on PATH: each writes its name and arguments, one a line, and exits with FP_TEST_EXIT. */
const bin = mkdtempSync(join(tmpdir(), 'fp-launchers-'));
const called = join(bin, 'called');
for (const name of ['open', 'rundll32', 'xdg-open', 'w3m', 'firefox']) {
  writeFileSync(
    join(bin, name),
    `#!/bin/sh\n{ echo "\${0##*/}"; printf '%s\\n' "$@"; } > '${called}'\nexit "\${FP_TEST_EXIT:-0}"\n`,
  );
  chmodSync(join(bin, name), 0o755);
}
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** What `--web` does with a page on this platform with this environment: the address printed, or the launcher run. */
async function opened(
  env: Record<string, string>,
  platform: NodeJS.Platform,
  address = 'https://x.test/p/a',
  exitCode = 0,
) {
  rmSync(called, { force: true });
  const io = fakeIO({ env });
  const real = Object.getOwnPropertyDescriptor(process, 'platform')!;
  vi.stubEnv('PATH', bin);
  vi.stubEnv('FP_TEST_EXIT', String(exitCode));
  Object.defineProperty(process, 'platform', { ...real, value: platform });
  try {
    await openInBrowser(fakeFactory(io), address, 'the post');
  } finally {
    Object.defineProperty(process, 'platform', real);
    vi.unstubAllEnvs();
  }
  return {
    printed: io.out(),
    launched: existsSync(called) ? readFileSync(called, 'utf8').split('\n').slice(0, -1) : undefined,
  };
}

describe('which opener --web uses (D-WEB-OPEN)', () => {
  it('CI prints the address, even with BROWSER set', async () => {
    expect(await opened({ CI: 'true', BROWSER: 'firefox' }, 'linux')).toEqual({
      printed: 'https://x.test/p/a\n',
      launched: undefined,
    });
    expect(await opened({ CI: '1', DISPLAY: ':0' }, 'darwin')).toEqual({
      printed: 'https://x.test/p/a\n',
      launched: undefined,
    });
  });

  it('BROWSER is a command line, used with or without a display', async () => {
    expect((await opened({ BROWSER: ' w3m  -N ' }, 'linux')).launched).toEqual(['w3m', '-N', 'https://x.test/p/a']);
    expect((await opened({ BROWSER: 'firefox', CI: 'false' }, 'darwin')).launched).toEqual([
      'firefox',
      'https://x.test/p/a',
    ]);
  });

  it("else the platform's opener; on a Unix without DISPLAY or WAYLAND_DISPLAY the address is printed", async () => {
    expect((await opened({}, 'darwin')).launched).toEqual(['open', 'https://x.test/p/a']);
    expect((await opened({}, 'win32')).launched).toEqual([
      'rundll32',
      'url.dll,FileProtocolHandler',
      'https://x.test/p/a',
    ]);
    expect((await opened({ DISPLAY: ':0' }, 'linux')).launched).toEqual(['xdg-open', 'https://x.test/p/a']);
    expect((await opened({ WAYLAND_DISPLAY: 'wayland-0' }, 'freebsd')).launched).toEqual([
      'xdg-open',
      'https://x.test/p/a',
    ]);
    expect(await opened({ BROWSER: '  ' }, 'linux')).toEqual({ printed: 'https://x.test/p/a\n', launched: undefined });
  });

  it('the address is appended as one argument, or put where %s stands', async () => {
    expect((await opened({ BROWSER: 'w3m -N' }, 'linux', 'https://x.test/p/a b')).launched).toEqual([
      'w3m',
      '-N',
      'https://x.test/p/a%20b',
    ]);
    expect((await opened({ BROWSER: 'w3m --url=%s --' }, 'linux', 'https://x.test/')).launched).toEqual([
      'w3m',
      '--url=https://x.test/',
      '--',
    ]);
  });

  it('a launcher that fails is named with where it came from, and the address is given', async () => {
    await expect(opened({ DISPLAY: ':0' }, 'linux', 'https://x.test/p/a', 3)).rejects.toThrow(
      'the browser command "xdg-open" (the platform opener) exited with 3; the page is https://x.test/p/a (set BROWSER to the browser to use)',
    );
    await expect(opened({ BROWSER: 'w3m' }, 'linux', 'https://x.test/p/a', 3)).rejects.toThrow(
      /^the browser command "w3m" \(BROWSER\) exited with 3; the page is https:\/\/x\.test\/p\/a$/,
    );
  });
});
