import { EXIT } from '../errors.js';

/**
 * Ctrl-C during a batch stops new requests and lets those in flight finish, so the tally
 * is true; a second Ctrl-C quits at once. The usual handler (exit 130) is back afterwards.
 */
export function whileInterruptible(onFirst: () => void): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const previous = process.listeners('SIGINT');
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    controller.abort();
    onFirst();
  };
  process.removeAllListeners('SIGINT');
  process.on('SIGINT', onSigint);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onSigint);
      for (const listener of previous) process.on('SIGINT', listener as () => void);
    },
  };
}
