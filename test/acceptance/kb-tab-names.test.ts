import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READONLY_KEY } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

const work = mkdtempSync(join(tmpdir(), 'fp-kb-tab-names-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const VALID = 'valid knowledge-base tabs: help (Help center, id 3)';

describe('knowledge-base tabs by id, slug or name', () => {
  let server: FpServer;
  beforeAll(async () => {
    server = await startFpServer();
  });
  afterAll(() => server.stop());

  it('--tab takes the slug or the name of a knowledge-base tab as well as its id', async () => {
    const byId = await server.fp(['kb', 'link-health', 'results', '--tab', '3', '--json']);
    expect(byId.code, byId.stderr).toBe(0);
    for (const tab of ['help', 'Help center', 'HELP']) {
      const r = await server.fp(['kb', 'link-health', 'results', '--tab', tab, '--json']);
      expect(r, tab).toMatchObject({ code: 0, stdout: byId.stdout });
    }
  });

  it('kb sync export --tab NAME exports that tab', async () => {
    const file = join(work, 'help.zip');
    const r = await server.fp(['kb', 'sync', 'export', '--tab', 'Help center', '--output', file]);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `Exported 1 article in 2 sections to ${file}\n` });
  });

  it('an unknown tab fails with the closest name and the valid knowledge-base tabs (exit 1, D-UNKNOWN-NAME)', async () => {
    const r = await server.fp(['kb', 'link-health', 'results', '--tab', 'hlp']);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `error: unknown knowledge-base tab "hlp" for --tab. Did you mean "help"? ${VALID}\n`,
    });
  });

  it('a board or roadmap tab is not a knowledge-base tab', async () => {
    const r = await server.fp(['kb', 'sync', 'preview', '--tab', 'Roadmap', work]);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: --tab "Roadmap" is a roadmap tab, not a knowledge-base tab; ${VALID}\n`,
    });
  });

  it('a read-only key reads the tab list too (D-TAB-LIST), so names work with it', async () => {
    const r = await server.fp(['kb', 'link-health', 'results', '--tab', 'help'], { apiKey: READONLY_KEY });
    expect(r.code, r.stderr).toBe(0);
    expect((await server.fp(['kb', 'link-health', 'results', '--tab', '3'], { apiKey: READONLY_KEY })).code).toBe(0);
  });

  it('--tab 0 is still refused before anything is sent', async () => {
    const r = await server.fp(['kb', 'link-health', 'results', '--tab', '0']);
    expect(r).toMatchObject({
      code: 2,
      stderr: "error: option '--tab <tab>' argument '0' is invalid. expected a positive integer\n",
    });
  });

  it('portal snapshot --kb-tab takes a name too', async () => {
    const out = join(work, 'copy.json');
    const r = await server.fp(['portal', 'snapshot', '--rate', 'off', '--output', out, '--kb-tab', 'Help center'], {
      timeoutMs: 30_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const seed = JSON.parse(readFileSync(out, 'utf8'));
    expect(seed.snapshot.kb_tabs).toEqual([3]);
    const wrong = await server.fp(['portal', 'snapshot', '--rate', 'off', '--output', out, '--kb-tab', 'feedback']);
    expect(wrong).toMatchObject({
      code: 2,
      stderr: `error: --kb-tab "feedback" is a board tab, not a knowledge-base tab; ${VALID}\n`,
    });
  });
});
