import { main } from '../../../../src/cli/main.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';

/** Nothing listens here: a command that sent a request would fail with a network error (exit 1), not 2. */
export const NOWHERE = 'http://127.0.0.1:9';

export function fpAgainst(url: () => string) {
  return async (argv: string[], opts: FakeIOOptions & { baseUrl?: string } = {}) => {
    const io = fakeIO({ ...opts, env: { FP_BASE_URL: opts.baseUrl ?? url(), FP_API_KEY: ADMIN_KEY, ...opts.env } });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err(), io };
  };
}
