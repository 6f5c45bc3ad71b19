// undici ships types for its index only; these files are typed through src/client/undici-parts.ts.
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/interceptor/retry.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/api/index.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/dispatcher/agent.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const value: unknown;
  export default value;
}
declare module 'undici/lib/api/api-request.js' {
  const value: unknown;
  export default value;
}
