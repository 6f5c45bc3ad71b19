import { createServer } from 'node:net';

/** The port the README rehearses a copy on; the next ones when it is taken. */
const FIRST = 4011;
const TRIED = 10;

/**
 * A port of 127.0.0.1 to suggest for `fp server --seed COPY`: 4011, or the next that nothing
 * listens on and the source portal does not use (a copy of a local portal is often made while
 * that one runs on 4010). Undefined when none of them is free: `--port 0` picks one then.
 */
export async function rehearsalPort(sourceUrl: string): Promise<number | undefined> {
  const source = new URL(sourceUrl);
  const used = ['127.0.0.1', 'localhost'].includes(source.hostname) ? Number(source.port) : undefined;
  for (let port = FIRST; port < FIRST + TRIED; port++) if (port !== used && (await isFree(port))) return port;
  return undefined;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
