import { describe, expect, it } from 'vitest';
import { chooseOpener, launcherArgs } from '../../src/cli/open-in-browser.js';

describe('which opener --web uses (D-WEB-OPEN)', () => {
  it('CI prints the address, even with BROWSER set', () => {
    expect(chooseOpener({ CI: 'true', BROWSER: 'firefox' }, 'linux')).toEqual({ print: 'CI' });
    expect(chooseOpener({ CI: '1', DISPLAY: ':0' }, 'darwin')).toEqual({ print: 'CI' });
  });

  it('BROWSER is a command line, used with or without a display', () => {
    expect(chooseOpener({ BROWSER: ' w3m  -N ' }, 'linux')).toEqual({
      command: 'w3m',
      args: ['-N'],
      source: 'BROWSER',
    });
    expect(chooseOpener({ BROWSER: 'firefox', CI: 'false' }, 'darwin')).toMatchObject({ command: 'firefox' });
  });

  it("else the platform's opener; on a Unix without DISPLAY or WAYLAND_DISPLAY the address is printed", () => {
    expect(chooseOpener({}, 'darwin')).toMatchObject({ command: 'open', args: [] });
    expect(chooseOpener({}, 'win32')).toMatchObject({ command: 'rundll32', args: ['url.dll,FileProtocolHandler'] });
    expect(chooseOpener({ DISPLAY: ':0' }, 'linux')).toMatchObject({ command: 'xdg-open', args: [] });
    expect(chooseOpener({ WAYLAND_DISPLAY: 'wayland-0' }, 'freebsd')).toMatchObject({ command: 'xdg-open' });
    expect(chooseOpener({ BROWSER: '  ' }, 'linux')).toEqual({ print: 'no display' });
  });

  it('the address is appended as one argument, or put where %s stands', () => {
    expect(launcherArgs(['-N'], 'https://x.test/p/a b')).toEqual(['-N', 'https://x.test/p/a b']);
    expect(launcherArgs(['--url=%s', '--'], 'https://x.test/')).toEqual(['--url=https://x.test/', '--']);
  });
});
