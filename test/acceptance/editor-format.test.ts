import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB, fixtureSeed } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

/** The fixture's portal, its editor switched to wysiwyg and its posts' text in HTML. */
function wysiwygSeed() {
  const seed = fixtureSeed();
  const portal = seed.portals[0];
  portal.editor_type = 'wysiwyg';
  portal.posts![0].description =
    '<p>Please add <strong>dark mode</strong>, see <a href="https://acme.test/notes">the notes</a>.</p><ul><li>one</li><li>two</li></ul>';
  return seed;
}

const LONG =
  'The dark mode setting should follow the system setting on every platform we ship, ' +
  'including the desktop apps and the browser extension, and remember a choice made by hand ' +
  'until the person resets it in the preferences.';

let markdown: FpServer;
let wysiwyg: FpServer;
const dirs: string[] = [];
beforeAll(async () => {
  [markdown, wysiwyg] = await Promise.all([startFpServer(), startFpServer(wysiwygSeed())]);
});
afterAll(async () => {
  await Promise.all([markdown.stop(), wysiwyg.stop()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fp-editor-'));
  dirs.push(dir);
  return dir;
};

describe('text sent in the portal editor format (R-EDITOR-FORMAT)', () => {
  it('D-TEXT-EDITOR-FORMAT markdown written for a wysiwyg portal is sent as HTML', async () => {
    const r = await wysiwyg.fp(['comments', 'create', 'dark1', '--user', BOB, '--text', '**fixed** in 2.3', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.comment).toBe('<p><strong>fixed</strong> in 2.3</p>');
  });

  it('D-TEXT-EDITOR-FORMAT D-TEXT-INPUT-FORMAT HTML given with --input-format html is sent as markdown to a markdown portal; --format stays the output format', async () => {
    const r = await markdown.fp([
      'comments',
      'create',
      'dark1',
      '--user',
      BOB,
      '--text',
      '<p><strong>fixed</strong> in <a href="https://acme.test/2.3">2.3</a></p>',
      '--input-format',
      'html',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(r.json.comment).toBe('**fixed** in [2.3](https://acme.test/2.3)');
  });

  it('D-TEXT-EDITOR-FORMAT --raw sends the text untouched; --raw with --input-format is a usage error', async () => {
    const raw = await wysiwyg.fp(['comments', 'update', '100', '--text', '**as typed**', '--raw', '--json']);
    expect(raw.code).toBe(0);
    expect(raw.json.comment).toBe('**as typed**');
    const both = await wysiwyg.fp(['comments', 'update', '100', '--text', 'x y z', '--raw', '--input-format', 'html']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('error: use either --raw or --input-format, not both\n');
  });

  it('D-TEXT-INPUT the text comes from --body-file FILE or stdin (-) for posts, comments and feedback alike', async () => {
    const file = join(tempDir(), 'post.md');
    writeFileSync(file, '# Export\n\nAs **PDF**.\n');
    const post = await wysiwyg.fp(['posts', 'create', '--title', 'Export as PDF', '--body-file', file, '--json']);
    expect(post.code).toBe(0);
    expect(post.json.description).toBe('<h1>Export</h1>\n<p>As <strong>PDF</strong>.</p>');
    const feedback = await wysiwyg.fp(['feedback', 'create', '--type', 'idea', '--body-file', '-', '--json'], {
      input: 'Make it *faster*\n',
    });
    expect(feedback.code).toBe(0);
    expect(feedback.json.feedback).toBe('<p>Make it <em>faster</em></p>');
    const both = await wysiwyg.fp(['feedback', 'update', 'fb-1', '--text', 'abc', '--body-file', file]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('error: use either --text or --body-file, not both\n');
  });

  it('D-TEXT-EDITOR-CACHE the editor type is read once and kept for the portal for a short time, in a private file', async () => {
    const config = tempDir();
    const env = { FP_CONFIG_DIR: config };
    const portalReads = (stderr: string) => stderr.split('\n').filter((l) => l.endsWith('/api/v1/portal')).length;
    const first = await wysiwyg.fp(['feedback', 'update', 'fb-1', '--text', 'one', '--debug'], { env });
    const second = await wysiwyg.fp(['feedback', 'update', 'fb-2', '--text', 'two', '--debug', '--json'], { env });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect([portalReads(first.stderr), portalReads(second.stderr)]).toEqual([1, 0]);
    expect(second.json.feedback).toBe('<p>two</p>');
    const folder = join(config, 'portal', 'by-url');
    const [kept] = readdirSync(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, kept)).mode & 0o777).toBe(0o600);
  });

  it('the length rule counts the written text before the portal is asked (exit 2, nothing sent)', async () => {
    const r = await wysiwyg.fp(['comments', 'create', 'dark1', '--user', BOB, '--text', 'ok', '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('comment: The comment field must be at least 3 characters.');
    expect(r.stderr).not.toContain('> GET');
  });
});

describe('view pages render the portal text for a terminal (D-TEXT-VIEW)', () => {
  it('markdown is shown as text: no asterisks, links as text (url), lines wrapped on word boundaries', async () => {
    const update = await markdown.fp([
      'posts',
      'update',
      'sso22',
      '--description',
      `${LONG} See [the notes](https://acme.test/notes).`,
    ]);
    expect(update.code).toBe(0);
    const r = await markdown.fp(['posts', 'view', 'dark1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\nPlease add dark mode.\n');
    const long = await markdown.fp(['posts', 'view', 'sso22']);
    const text = long.stdout.slice(long.stdout.indexOf('The dark mode'));
    expect(text).toBe(
      'The dark mode setting should follow the system setting on every platform we ship, including the\n' +
        'desktop apps and the browser extension, and remember a choice made by hand until the person resets\n' +
        'it in the preferences. See the notes (https://acme.test/notes).\n',
    );
  });

  it('HTML of a wysiwyg portal is shown as text the same way; comments too; --json stays exact', async () => {
    const r = await wysiwyg.fp(['posts', 'view', 'dark1', '--comments']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '\nPlease add dark mode, see the notes (https://acme.test/notes).\n\n• one\n• two\n\nComments (',
    );
    expect(r.stdout).toContain('\n  fixed in 2.3\n');
    const json = await wysiwyg.fp(['posts', 'view', 'dark1', '--json']);
    expect(json.json.description).toBe(wysiwygSeed().portals[0].posts![0].description);
  });

  it("bold is fp's own on a colour terminal, after the text passed the terminal-text rule", async () => {
    const hostile = await wysiwyg.fp([
      'posts',
      'update',
      'sso22',
      '--description',
      '<p><strong>Bold</strong> and &#27;]52;c;AAAA&#7; \u001b[2J</p>',
      '--raw',
    ]);
    expect(hostile.code).toBe(0);
    const r = await wysiwyg.fp(['posts', 'view', 'sso22'], { env: { FORCE_COLOR: '1', NO_COLOR: undefined } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\n\u001b[1mBold\u001b[22m and ␛]52;c;AAAA␇ ␛[2J\n');
    expect(r.stdout).toContain('\u001b[1mSSO login\u001b[22m\n');
  });
});
