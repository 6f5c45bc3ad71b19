/**
 * Values pushed as things happen (deliveries arriving), read in order as an async iterable
 * until closed: a stream ending fed by events rather than by a loop of the verb's own.
 */
export interface Channel<T> extends AsyncIterable<T> {
  push(value: T): void;
  close(): void;
}

export function channel<T>(): Channel<T> {
  const queue: T[] = [];
  let closed = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(value) {
      if (closed) return;
      queue.push(value);
      notify();
    },
    close() {
      closed = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
