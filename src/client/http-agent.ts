import { EnvHttpProxyAgent, type Dispatcher } from 'undici';

let shared: Dispatcher | undefined;

/** One keep-alive dispatcher per process; HTTPS_PROXY / HTTP_PROXY / NO_PROXY are honoured. */
export function sharedDispatcher(connectTimeoutMs = 10_000): Dispatcher {
  shared ??= new EnvHttpProxyAgent({ connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 4_000 });
  return shared;
}

export async function closeSharedDispatcher(): Promise<void> {
  const d = shared;
  shared = undefined;
  await d?.close();
}
