import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../../../src/cli/main.js';
import { fakeIO, type FakeIO, type FakeIOOptions } from '../../../support/fake-io.js';

/** Run `fp` in-process with a fake IO; no FP_BASE_URL/FP_API_KEY unless given. */
export async function fp(argv: string[], opts: FakeIOOptions & { io?: FakeIO } = {}) {
  const io = opts.io ?? fakeIO(opts);
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

/** The profiles file as stored on disk (undefined when it was never written). */
export function storedConfig(
  configDir: string,
): { current?: string; profiles: Record<string, { base_url: string; api_key: string }> } | undefined {
  const path = join(configDir, 'config.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}
