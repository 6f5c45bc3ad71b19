import type { Dispatcher } from 'undici';

// The process's one keep-alive dispatcher, kept apart from undici itself: a command whose
// requests never needed undici can close "it" without loading undici to do so.
let shared: Dispatcher | undefined;

/** The shared dispatcher, made by `create` the first time. */
export function shareDispatcher(create: () => Dispatcher): Dispatcher {
  shared ??= create();
  return shared;
}

/** Called when a command is done: idle keep-alive connections must not hold the process open. */
export async function closeSharedDispatcher(): Promise<void> {
  const d = shared;
  shared = undefined;
  await d?.close();
}
