import type { IO } from '../io.js';

/**
 * Who has drawn on stderr's last line, to be erased before a status line is written: a
 * progress line redraws itself on its next update, so a retry notice or a warning gets a
 * line of its own instead of running into it.
 */
const owners = new WeakMap<IO, () => void>();

/** `erase` clears the line just drawn; the returned function gives the line up. */
export function claimLine(io: IO, erase: () => void): () => void {
  owners.set(io, erase);
  return () => {
    if (owners.get(io) === erase) owners.delete(io);
  };
}

/** Erase whatever line is drawn on stderr (nothing when none is). */
export function eraseLine(io: IO): void {
  owners.get(io)?.();
}
