import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server.js';

const LINT = resolve(import.meta.dirname, '../../scripts/lint-openapi.mjs');
const lint = (...files: string[]) =>
  spawnSync(process.execPath, [LINT, ...files], { encoding: 'utf8', timeout: 120_000 });

describe('scripts/lint-openapi.mjs', () => {
  it('docs/openapi.json and the served copy (which names its own address) pass Redocly (recommended) and Spectral (spectral:oas) with zero warnings', async () => {
    const server = await startTestServer();
    const res = await server.request('GET', '/__reference/openapi.json', { token: null });
    await server.close();
    const served = join(mkdtempSync(join(tmpdir(), 'fp-lint-')), 'served.json');
    writeFileSync(served, res.text);
    const r = lint(resolve(import.meta.dirname, '../../docs/openapi.json'), served);
    console.log(r.stdout.trim());
    expect(r.stdout).toContain('redocly (recommended): 0 errors, 0 warnings\n');
    expect(r.stdout).toContain('spectral (spectral:oas): 0 errors, 0 warnings, 0 infos, 0 hints\n');
    expect(r.status).toBe(0);
  }, 120_000);

  it('fails on a document with a warning (an operation without a description or tag)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-lint-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: {
          title: 'x',
          version: '1.0.0',
          description: 'x',
          contact: { name: 'x' },
          license: { name: 'MIT', identifier: 'MIT' },
        },
        servers: [{ url: 'http://127.0.0.1:4010' }],
        paths: {
          '/a': {
            get: {
              operationId: 'a',
              summary: 'a',
              responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
            },
          },
        },
      }),
    );
    const r = lint(file);
    expect(r.stdout).toMatch(/spectral \(spectral:oas\): 0 errors, [1-9]\d* warnings/);
    expect(r.stdout).toContain('operation-description');
    expect(r.status).toBe(1);
  }, 120_000);
});
