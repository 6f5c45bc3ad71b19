export class SizeLimitExceeded extends Error {
  constructor(readonly bytesSeen: number) {
    super(`more than the allowed bytes (saw ${bytesSeen})`);
  }
}

/**
 * Collects a stream, counting the bytes that really arrive: the sizes in ZIP
 * headers can lie, so reading stops as soon as `limit` is passed.
 */
export async function readLimited(stream: AsyncIterable<Buffer | string>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  // Leaving the loop early destroys the stream.
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    seen += buffer.length;
    if (seen > limit) throw new SizeLimitExceeded(seen);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, seen);
}
