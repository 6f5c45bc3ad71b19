/** A value built on its first use and kept: the contract's schemas cost time to build. */
export function lazily<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  return () => (value ??= { built: build() }).built;
}
