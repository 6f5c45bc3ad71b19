import { setFlagsFromString } from 'node:v8';
import type { Dispatcher } from 'undici';
import { shareDispatcher } from './shared-dispatcher.js';
import { EnvHttpProxyAgent } from './undici-parts.js';

// undici parses HTTP with a WebAssembly build of llhttp, compiled on the first connection.
// V8 then recompiles it in the background with its optimising tier, and Node waits for
// that work before the process may exit: 100-400 ms after a one-shot command is done.
// The baseline compiler alone parses our small answers just as well.
setFlagsFromString('--liftoff-only');

/** One keep-alive dispatcher per process; HTTPS_PROXY / HTTP_PROXY / NO_PROXY are honoured. */
export function sharedDispatcher(connectTimeoutMs = 10_000): Dispatcher {
  return shareDispatcher(
    () => new EnvHttpProxyAgent({ connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 4_000 }),
  );
}
