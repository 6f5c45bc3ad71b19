/**
 * Resolves on Ctrl-C or SIGTERM, for commands that run until stopped (`fp webhooks listen`,
 * `fp events tail --follow`). The launcher's own SIGINT handler (exit 130 at once) is replaced,
 * without a moment with no handler: a signal arriving then would be lost with the watcher.
 * Call it before anything the command must undo on exit.
 */
export function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    const earlier = process.listeners('SIGINT');
    const stop = () => {
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    for (const listener of earlier) process.off('SIGINT', listener);
  });
}
