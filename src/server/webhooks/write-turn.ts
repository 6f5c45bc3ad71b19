/**
 * The server and its delivery thread write one database file, and SQLite lets one
 * connection write at a time. Under load the server's batches follow each other so
 * closely that a waiting connection polling for the lock would seldom find it free, so
 * the lock is handed over: the thread says it wants it, and the server, right after its
 * next commit, waits while the thread writes its group of outcomes (a short transaction
 * with no sync of its own), then goes on. Slots of the array both sides share:
 */
/** Counted up by the server after each commit: new deliveries may be waiting. */
export const WAKE = 0;
/** 1 while the thread waits for the lock. */
const WANT = 1;
/** 1 while the server has handed the lock over and waits for the thread to be done. */
const GRANT = 2;
export const SHARED_SLOTS = 3;

/** The most the server waits for the thread's write (it writes in well under a millisecond). */
const TURN_MS = 100;
/** How long the thread tries before it gives up a group (its deliveries are then sent again). */
const GIVE_UP_MS = 5000;

/** The server, after a commit: hands the lock to the thread if it waits for it. */
export function giveTurn(shared: Int32Array): void {
  if (Atomics.load(shared, WANT) === 0) return;
  Atomics.store(shared, GRANT, 1);
  Atomics.notify(shared, GRANT);
  Atomics.wait(shared, GRANT, 1, TURN_MS);
  Atomics.store(shared, GRANT, 0);
}

/**
 * The thread: begins a write transaction, at once when the lock is free, else once the server
 * hands it over. False when it could not within GIVE_UP_MS.
 */
export function beginTurn(shared: Int32Array, tryBegin: () => boolean): boolean {
  if (tryBegin()) return true;
  const until = Date.now() + GIVE_UP_MS;
  Atomics.store(shared, WANT, 1);
  try {
    while (Date.now() < until) {
      // Woken by the server's hand-over; a server that writes nothing frees the lock by itself.
      Atomics.wait(shared, GRANT, 0, 10);
      if (tryBegin()) return true;
    }
    return false;
  } finally {
    Atomics.store(shared, WANT, 0);
  }
}

/** The thread, after its commit (or rollback): the server may go on. */
export function endTurn(shared: Int32Array): void {
  Atomics.store(shared, GRANT, 0);
  Atomics.notify(shared, GRANT);
}
