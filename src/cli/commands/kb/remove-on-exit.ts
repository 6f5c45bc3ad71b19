import { rmSync } from 'node:fs';

/**
 * Removes `target` if the process exits (Ctrl-C ends it with process.exit)
 * before the returned function is called; call it once `target` is gone or kept.
 */
export function removeOnExit(target: string): () => void {
  const remove = () => rmSync(target, { recursive: true, force: true });
  process.once('exit', remove);
  return () => {
    process.off('exit', remove);
  };
}
