import net from 'node:net';

export interface RawAnswer {
  /** Everything the server wrote before it closed the connection. */
  text: string;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: any;
}

/**
 * Bytes sent as they are to the server at `baseUrl` (a request no HTTP client
 * would send: two Host headers, a bare control character, an absolute-form
 * target). Resolves with what came back once the server closed the connection,
 * so send `Connection: close` with a request that is answered normally.
 */
export function rawExchange(baseUrl: string, request: string | Buffer): Promise<RawAnswer> {
  return exchange(baseUrl, request, () => false);
}

/**
 * Like rawExchange, but resolves as soon as the first answer is whole (its headers and
 * Content-Length bytes), then hangs up: for a request whose body is never sent, where the
 * server would otherwise keep the connection open for the body's grace period.
 */
export function firstAnswer(baseUrl: string, request: string | Buffer): Promise<RawAnswer> {
  return exchange(baseUrl, request, (text) => {
    const end = text.indexOf('\r\n\r\n');
    const length = /^content-length:\s*(\d+)/im.exec(text.slice(0, end));
    return end !== -1 && length !== null && Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(length[1]);
  });
}

/** Sends `request`, collects the answer until the server closes or `whole(text)` says it is complete. */
function exchange(baseUrl: string, request: string | Buffer, whole: (text: string) => boolean): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    const done = () => {
      socket.destroy();
      resolve(parseAnswer(text));
    };
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (whole(text)) done();
    });
    socket.on('error', () => {});
    socket.on('close', done);
    socket.write(request);
  });
}

function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end === -1 ? text.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = end === -1 ? '' : text.slice(end + 4);
  let body: unknown;
  try {
    body = JSON.parse(rest);
  } catch {
    body = undefined;
  }
  return { text, status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}
