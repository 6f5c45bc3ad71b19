import { describe, expect, it } from 'vitest';
import { transferProgress } from '../../../src/cli/framework/transfer-progress.js';
import { fakeFactory, fakeIO } from '../../support/fake-io.js';

const MB = 1024 * 1024;

/** The line a terminal shows of a transfer of `verb` `what` that moved `bytes` (of `total`) in `elapsedMs` (300 ms or more). */
function transferText(
  verb: 'Uploading' | 'Downloading',
  what: string,
  bytes: number,
  total: number | undefined,
  elapsedMs: number,
) {
  const io = fakeIO({ stderrIsTTY: true, env: {} });
  let t = 0;
  const progress = transferProgress(fakeFactory(io), verb, what, () => t)!;
  t = elapsedMs;
  progress.update(bytes, total);
  return io.err().replace('\r\x1b[2K', '');
}

describe('the progress line', () => {
  it('bytes of the total, percentage, rate and time left when the size is known', () => {
    expect(transferText('Uploading', 'help.zip', 12 * MB, 48 * MB, 2000)).toBe(
      'Uploading help.zip: 12.0 MB of 48.0 MB (25%), 6.0 MB/s, 6 s left',
    );
    expect(transferText('Uploading', 'help.zip', 1 * MB, 91 * MB, 1000)).toBe(
      'Uploading help.zip: 1.0 MB of 91.0 MB (1%), 1.0 MB/s, 1 min 30 s left',
    );
  });

  it('bytes and rate when the size is not known (a folder zipped on the way, a chunked download)', () => {
    expect(transferText('Downloading', 'tab 3', 1536, undefined, 1000)).toBe('Downloading tab 3: 1.5 kB, 1.5 kB/s');
  });
});

describe('transferProgress', () => {
  it('draws on a terminal after 300 ms, at most every 100 ms, and clears the line at the end', () => {
    const io = fakeIO({ stderrIsTTY: true, env: {} });
    let t = 0;
    const progress = transferProgress(fakeFactory(io), 'Uploading', 'a.zip', () => t)!;
    progress.update(100, 1000);
    t = 299;
    progress.update(200, 1000);
    expect(io.err()).toBe('');
    t = 500;
    progress.update(500, 1000);
    t = 550;
    progress.update(600, 1000);
    t = 1000;
    progress.update(1000, 1000);
    progress.end();
    expect(io.err()).toBe(
      '\r\x1b[2KUploading a.zip: 500 B of 1000 B (50%), 1000 B/s, 1 s left' +
        '\r\x1b[2KUploading a.zip: 1000 B of 1000 B (100%), 1000 B/s' +
        '\r\x1b[2K',
    );
  });

  it('nothing at all off a terminal, or in CI', () => {
    expect(transferProgress(fakeFactory(fakeIO({ stderrIsTTY: false })), 'Uploading', 'a.zip')).toBeUndefined();
    expect(
      transferProgress(fakeFactory(fakeIO({ stderrIsTTY: true, env: { CI: 'true' } })), 'Uploading', 'a.zip'),
    ).toBeUndefined();
  });
});
