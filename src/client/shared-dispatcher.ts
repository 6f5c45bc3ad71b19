import type { Dispatcher } from 'undici';

// The process's keep-alive connections, kept apart from the transports themselves: a command
// whose requests never needed undici can close them without loading undici to do so.
let shared: Dispatcher | undefined;
const closers = new Set<() => unknown>();

/** The shared undici dispatcher, made by `create` the first time. */
export function shareDispatcher(create: () => Dispatcher): Dispatcher {
  shared ??= create();
  return shared;
}

/** Another keep-alive pool to close when the command is done (node:http's agents). */
export function closeWhenDone(close: () => unknown): void {
  closers.add(close);
}

/** Called when a command is done: idle keep-alive connections must not hold the process open. */
export async function closeSharedDispatcher(): Promise<void> {
  const d = shared;
  shared = undefined;
  const others = [...closers];
  closers.clear();
  await Promise.all([d?.close(), ...others.map((close) => close())]);
}
