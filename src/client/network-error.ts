import { NetworkError } from './errors.js';

/** Turn undici/socket failures into one clear sentence. */
export function describeNetworkError(err: unknown, url: string, timeoutMs: number): NetworkError {
  const e = err as { code?: string; cause?: { code?: string }; message?: string };
  const code = e?.code ?? e?.cause?.code;
  const host = safeHost(url);
  switch (code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return new NetworkError(`request to ${host} timed out after ${timeoutMs} ms`, code);
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new NetworkError(`could not connect to ${host}: timed out`, code);
    case 'ECONNREFUSED':
      return new NetworkError(`could not connect to ${host}: connection refused`, code);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new NetworkError(`could not connect to ${host}: host not found`, code);
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return new NetworkError(`connection to ${host} was closed unexpectedly`, code, true);
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      if (url.startsWith('https:') && /wrong version number|packet length too long/i.test(e?.message ?? '')) {
        return new NetworkError(
          `${host} does not speak TLS (https): it answered in plain HTTP. Use ${url.replace(/^https:/, 'http:').replace(/^([^/]*\/\/[^/]+)\/.*$/, '$1')} instead`,
          code,
        );
      }
      return new NetworkError(`request to ${host} failed: ${e?.message ?? String(err)}`, code);
    default:
      return new NetworkError(`request to ${host} failed: ${e?.message ?? String(err)}`, code);
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
