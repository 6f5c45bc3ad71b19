/** The flags every command takes, as commander parses them from the root program. */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  json?: boolean;
  format?: string;
  /** `--fields a,b,c` as given. */
  fields?: string;
  jq?: string;
  color?: boolean;
  debug?: boolean;
  timeout?: string;
  /** `--max-response 64MB` as given. */
  maxResponse?: string;
}
