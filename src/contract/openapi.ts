import * as z from 'zod';
import { endpointList, type Endpoint, type OperationName } from './endpoints.js';
import { operationExamples, type OperationExample } from './examples.js';
import { jsonShapes } from './json-shape.js';
import { lazily } from './lazily.js';
import { openApiLinks } from './openapi-links.js';
import { commonSchemas } from './schemas/common.js';
import { SYNC_MAX_KILOBYTES } from './schemas/knowledgebase.js';
import { BLANK_TEXT, VALIDATION_MESSAGE } from './validation.js';

type Json = Record<string, unknown>;

/** The default `{base_url}`: where `fp server` listens unless told otherwise. */
const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

/** A zod schema in JSON Schema words, with the request-field builders' own limits. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const shape = jsonShapes.get(zodSchema as unknown as z.ZodType);
      if (!shape) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Json)[key];
      Object.assign(jsonSchema, structuredClone(shape));
    },
  }) as Json;
  delete json.$schema;
  return tidy(json, io) as Json;
}

/**
 * Drops what only restates a default (`additionalProperties: {}`; in answers, the
 * safe-integer bounds of `z.int()`, which a request must keep: the server refuses more)
 * and flattens nested unions. In a request, a nullable field also takes a blank string,
 * which the server reads as null (D-INPUT-NORMALISE).
 */
function tidy(value: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(value)) return value.map((v) => tidy(v, io));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const safeBound = Math.abs(v as number) === Number.MAX_SAFE_INTEGER;
    if ((key === 'minimum' || key === 'maximum') && safeBound && io === 'output') continue;
    if (key === 'additionalProperties' && v && typeof v === 'object' && Object.keys(v).length === 0) continue;
    out[key] = tidy(v, io);
  }
  // `anyOf: [{anyOf: [a, b]}, c]` (an optional union) reads better as `anyOf: [a, b, c]`.
  if (Array.isArray(out.anyOf)) {
    out.anyOf = (out.anyOf as Json[]).flatMap((s) =>
      Object.keys(s).length === 1 && Array.isArray(s.anyOf) ? (s.anyOf as Json[]) : [s],
    );
    const choices = out.anyOf as Json[];
    if (io === 'input' && choices.some((s) => s.type === 'null') && !choices.some(takesBlank)) {
      choices.splice(choices.length - 1, 0, { type: 'string', pattern: BLANK_TEXT });
    }
  }
  return out;
}

const takesBlank = (schema: Json): boolean =>
  schema.type === 'string' &&
  !schema.minLength &&
  (!schema.pattern || new RegExp(schema.pattern as string, 'u').test(''));

const TAGS: Record<string, string> = {
  portal: 'The portal the API key belongs to.',
  posts: 'Feedback items, roadmap entries, changelog entries and knowledge-base articles.',
  votes: 'Votes on posts, of anonymous users and of named users.',
  categories: 'Categories organise posts and are visible to end users.',
  comments: 'Comments and replies on posts.',
  references: 'Reference texts attached to posts.',
  groups: 'User groups and their members.',
  feedback: 'Feedback entries and their summary.',
  moderation: 'Queues of pending and rejected posts and comments, and the approve/reject transitions.',
  knowledgebase: 'Knowledge-base link health and ZIP sync.',
  statuses: 'Post statuses; each belongs to a board.',
  tags: 'Internal labels on posts.',
  tabs: 'Tabs: boards, roadmaps, changelogs and knowledge bases.',
  sections: 'Sections of a tab, nested by parent.',
  users: 'The users of the portal.',
  widgets: 'Widgets that embed the portal in a product (read only).',
  vision: "The portal's product vision.",
};

const tagOf = (endpoint: Endpoint): string => endpoint.name.split('.')[0];

/** Path parameters: what each names, by `<tag>.<param>` or by param. */
const PATH_PARAMETERS: Record<string, string> = {
  key: "The post key (the short string that is the post's `id`, not its numeric id).",
  anonymous_id: 'The anonymous user: an MD5 hash.',
  'categories.id': 'The category id.',
  'comments.id': 'The numeric comment id.',
  'references.id': 'The reference id.',
  'groups.id': 'The group UUID.',
  group: 'The group UUID.',
  'feedback.id': 'The feedback entry id (a string such as `fb-11`).',
  type: '`post` or `comment`.',
  identifier: 'The post key for posts, the numeric id for comments.',
  scanId: 'The `scan_id` returned when the scan started.',
  tabId: 'The id of a knowledge-base tab.',
  user: 'The user: UUID key (any case) or integer id.',
  tab: 'The tab: integer id or slug.',
  section: 'The section: integer id or slug.',
  widget: 'The widget UUID (any case).',
};

const QUERY_PARAMETERS: Record<string, string> = {
  tab: 'Tab (board) slug.',
  category: 'Category id.',
  section: 'Section id or slug.',
  limit: 'Page size, 1-100 (default 10).',
  skip: 'Offset (default 0).',
  status: 'Status id; repeat the parameter for several (`status=1&status=2`).',
  order_by: 'Sort field, or `cf_<field_id>` for a custom field.',
  order_direction: 'Sort direction (default `desc`).',
  platform: 'Platform filter.',
  version: 'Version filter (exact).',
  release: 'Release filter (exact).',
  tag_id: 'Tag id; repeat the parameter for several.',
  format: '`minimal` lists only the identifying fields.',
  saved_query_id: 'Use the filters and order of a saved query; parameters sent win over stored ones.',
  last_post_id: "Cursor: return posts with a smaller `database_id` (the previous page's `meta.last_post_id`).",
  last_comment_id: "Cursor: return comments with a smaller id (the previous page's `meta.last_comment_id`).",
  page: 'Page number, from 1.',
  tab_id: 'The id of a knowledge-base tab of this portal.',
  'posts.listForTab.tab': 'The tab: slug or integer id.',
  'posts.search.tab': 'Only posts of this tab (slug or integer id); without it, every board but the knowledge base.',
  'posts.duplicates.tab':
    'Only posts of this tab (slug or integer id); without it, every board but the knowledge base.',
  'posts.duplicates.limit': 'At most this many posts, 1-20 (default 5).',
  'posts.search.limit': 'At most this many posts, 1-100 (default 10).',
  search: 'The words to find, 2-255 characters; every word must be in the title or the description.',
  title: 'The proposed post title, 3-255 characters.',
  description: 'The proposed post description (at most 2,000 characters).',
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Every refusal of an operation: those its shape implies, then those the table lists. */
function refusalResponses(endpoint: Endpoint): Json {
  const refusals = new Set(endpoint.refusals ?? []);
  const hasBody = Boolean(endpoint.body || endpoint.multipart);
  const validated = Boolean(endpoint.body || endpoint.query || endpoint.multipart) || refusals.has('invalid-param');
  const out: Json = {};
  if (hasBody) out['400'] = ref('BadRequest');
  out['401'] = ref('Unauthenticated');
  if (endpoint.method !== 'GET') out['403'] = ref(refusals.has('forbidden') ? 'Forbidden' : 'ReadOnlyKey');
  // A parameter may name nothing, or be a dot segment, which names no route (D-PATH-DOT-SEGMENTS).
  if (refusals.has('not-found') || endpoint.path.includes('{')) out['404'] = ref('NotFound');
  if (hasBody) out['413'] = ref(endpoint.multipart ? 'UploadTooLarge' : 'BodyTooLarge');
  if (endpoint.body) out['415'] = ref('UnsupportedMediaType');
  out['421'] = ref('Misdirected');
  if (refusals.has('rule-violation')) out['422'] = ref('Unprocessable');
  else if (validated) out['422'] = ref('ValidationFailed');
  out['429'] = ref(refusals.has('queue-full') ? 'TooManyScans' : 'TooManyRequests');
  out['503'] = ref('Unavailable');
  return out;
}

function pathParameters(endpoint: Endpoint, example: Readonly<Record<string, string | number>>): Json[] {
  const shape = endpoint.params
    ? (jsonSchemaOf(endpoint.params, 'input') as { properties?: Record<string, Json> })
    : {};
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[`${tagOf(endpoint)}.${name}`] ?? PATH_PARAMETERS[name],
    schema: shape.properties?.[name] ?? { type: 'string' },
    ...(example[name] !== undefined && { example: example[name] }),
  }));
}

function queryParameters(endpoint: Endpoint, example: Readonly<Record<string, string | number>>): Json[] {
  if (!endpoint.query) return [];
  const q = jsonSchemaOf(endpoint.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(q.properties ?? {}).map(([name, schema]) => {
    const required = q.required?.includes(name) ?? false;
    return {
      name,
      in: 'query',
      required,
      description: QUERY_PARAMETERS[`${endpoint.name}.${name}`] ?? QUERY_PARAMETERS[name],
      // Blank is absent (D-QUERY-BLANK-ABSENT): an optional parameter (or one value of a list) may be sent blank.
      schema: required ? schema : takingBlank(schema),
      ...(schema.type === 'array' && { style: 'form', explode: true }),
      ...(example[name] !== undefined && { example: example[name] }),
    };
  });
}

const BLANK = { type: 'string', pattern: BLANK_TEXT };

/** Any text, a blank one included: no other keyword narrows it. */
const anyText = (schema: Json): boolean =>
  schema.type === 'string' &&
  !['anyOf', 'enum', 'const', 'format', 'minLength'].some((k) => k in schema) &&
  (!schema.pattern || new RegExp(schema.pattern as string, 'u').test(' '));

/**
 * A query value's schema that also takes blank text (a list: each of its values). Blank
 * comes first, so that a validator that coerces query text (Prism's) never reads `" "` as 0.
 */
function takingBlank(schema: Json): Json {
  if (schema.type === 'array') return { ...schema, items: takingBlank(schema.items as Json) };
  if (anyText(schema)) return schema;
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [BLANK, ...(schema.anyOf as Json[])] };
  const { description, ...rest } = schema;
  return { ...(description !== undefined && { description }), anyOf: [BLANK, rest] };
}

/**
 * The body: its fields, named once under components, in each encoding the server reads them
 * from as Laravel does (JSON, a form, or the text parts of a multipart form:
 * D-HTTP-BODY-ENCODINGS); or a multipart upload.
 */
function requestBody(endpoint: Endpoint, example: OperationExample): Json | undefined {
  if (endpoint.body) {
    const schema = { $ref: `#/components/schemas/${bodySchemaName(endpoint)}` };
    const value = example.request;
    const form = formFields(endpoint.body);
    return {
      required: true,
      content: {
        'application/json': { schema, ...(value !== undefined && { example: value }) },
        'application/x-www-form-urlencoded': form ? { schema: form.schema } : { schema },
        'multipart/form-data': form ? form : { schema },
      },
    };
  }
  if (endpoint.multipart)
    return { required: true, content: { 'multipart/form-data': multipartBody(endpoint, example) } };
  return undefined;
}

/**
 * Fields as a form sends them: a list as one text field per item under `name[]`; a single
 * field named `name` would be a string, not a list (D-OPENAPI-MULTIPART). Undefined when
 * the body has no list, and the form's fields are the JSON body's.
 */
function formFields(body: z.ZodType): { schema: Json; encoding: Json; partName: (name: string) => string } | undefined {
  const fields = jsonSchemaOf(body, 'input') as { properties?: Json; required?: string[] };
  const partName = (name: string) => ((fields.properties![name] as Json).type === 'array' ? `${name}[]` : name);
  const properties: Json = {};
  const encoding: Json = {};
  for (const [name, schema] of Object.entries(fields.properties ?? {})) {
    properties[partName(name)] = schema;
    if (partName(name) === name) continue;
    encoding[partName(name)] = { contentType: 'text/plain' };
    // Other fields are ignored, but not a list sent without its brackets: that is one text, refused.
    properties[name] = {
      not: {},
      description: `Send the list as \`${name}[]\` fields; one \`${name}\` field is not a list.`,
    };
  }
  if (!Object.keys(encoding).length) return undefined;
  return {
    schema: { type: 'object', properties, required: (fields.required ?? []).map(partName) },
    encoding,
    partName,
  };
}

/** A multipart upload: the file part and the form fields. */
function multipartBody(endpoint: Endpoint, example: OperationExample): Json {
  const form = formFields(endpoint.multipart!);
  const fields = jsonSchemaOf(endpoint.multipart!, 'input') as { properties?: Json; required?: string[] };
  const partName = form?.partName ?? ((name: string) => name);
  const properties: Json = {
    file: {
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/zip',
      description: `The ZIP archive, at most ${SYNC_MAX_KILOBYTES} kilobytes; a file part (with a filename).`,
    },
    ...((form?.schema.properties as Json | undefined) ?? fields.properties),
  };
  const request = (example.request ?? {}) as Json;
  const value = example.file === undefined ? undefined : { file: example.file, ...renameKeys(request, partName) };
  return {
    // Other text parts are ignored, as any unknown field is (D-OPENAPI-MULTIPART).
    schema: { type: 'object', properties, required: ['file', ...(fields.required ?? []).map(partName)] },
    ...(form && { encoding: form.encoding }),
    ...(value && { example: value }),
  };
}

const renameKeys = (value: Json, rename: (key: string) => string): Json =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [rename(k), v]));

/** `categories.update` → `CategoriesUpdateBody`. */
const bodySchemaName = (endpoint: Endpoint): string =>
  `${endpoint.name
    .split('.')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}Body`;

function successResponse(endpoint: Endpoint, example: unknown): Json {
  if (endpoint.responseType === 'zip') {
    return {
      description: 'The ZIP archive (`Content-Disposition: attachment; filename="<tab slug>.zip"`).',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const links = openApiLinks[endpoint.name];
  return {
    description: endpoint.summary,
    content: {
      'application/json': {
        schema: jsonSchemaOf(endpoint.response, 'output'),
        ...(example !== undefined && { example }),
      },
    },
    ...(links && { links }),
  };
}

/** One operation object of the document. */
export function openApiOperation(endpoint: Endpoint, operationId = endpoint.name): Json {
  const example = operationExamples[endpoint.name as OperationName] ?? {};
  const params = example.params ?? {};
  const parameters = [...pathParameters(endpoint, params), ...queryParameters(endpoint, params)];
  const body = requestBody(endpoint, example);
  return {
    operationId,
    summary: endpoint.summary,
    description: describe(endpoint),
    tags: [tagOf(endpoint)],
    ...(parameters.length && { parameters }),
    ...(body && { requestBody: body }),
    responses: { '200': successResponse(endpoint, example.response), ...refusalResponses(endpoint) },
    'x-tool-name': endpoint.name,
    ...(endpoint.assumed && {
      'x-assumed': true,
      'x-assumed-decision': endpoint.assumed.decision,
      'x-assumed-evidence': [...endpoint.assumed.evidence],
    }),
  };
}

/** The operation's description; an assumed one says so, and on what it rests. */
function describe(endpoint: Endpoint): string {
  const text = endpoint.description ?? endpoint.summary;
  if (!endpoint.assumed) return text;
  const { decision, evidence } = endpoint.assumed;
  return `${text}\n\n**Assumed.** The specification does not show this operation; its shape follows decision \`${decision}\` on public evidence (${evidence.join(', ')}).`;
}

const errorBody = jsonSchemaOf(commonSchemas().ErrorBodySchema, 'output');
const validationBody = jsonSchemaOf(commonSchemas().ValidationErrorBodySchema, 'output');

function refusal(
  description: string,
  example: Json,
  schema: Json = { $ref: '#/components/schemas/ErrorBody' },
  headers?: Json,
): Json {
  return { description, ...(headers && { headers }), content: { 'application/json': { schema, example } } };
}

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
};

const rateLimited = {
  ...retryAfter,
  'X-RateLimit-Limit': {
    description: 'Requests allowed per window for this API key.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in this window (0 here).',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'When the window ends, in seconds since the Unix epoch.',
    schema: { type: 'integer', minimum: 0 },
  },
};

const DESCRIPTION = `The HTTP/JSON interface of one feedback portal. Every request is scoped to the portal
the API key belongs to and carries \`Authorization: Bearer <API_KEY>\`.

Error bodies are JSON with a \`message\`; validation failures add \`errors\`, mapping each field to
its messages. Besides the answers listed per operation: a path that matches no route answers 404
\`The route … could not be found.\`, and a known path called with another verb answers 405 with an
\`Allow\` header naming the verbs it takes (for example PUT on \`/api/v1/categories/{id}\`).

A path with a \`.\` or \`..\` segment (also written \`%2e\`) is not resolved to another path: it names
no route and is answered 404.

A body of fields may be sent as JSON, as a form (\`application/x-www-form-urlencoded\`) or as the text
parts of \`multipart/form-data\`, with the same fields and rules (a form's values are text: numbers as
digits, booleans as \`true\`, \`false\`, \`1\` or \`0\`); another content type is refused with 415. Body
fields and query parameters an operation does not list are ignored, as the service ignores them.

Every string of a JSON body, a form and a query string is trimmed of blanks (spaces, tabs, line
breaks, Unicode spaces, the zero-width space and the BOM) before it is checked, and lengths are
counted in characters after trimming; the patterns of the schemas say so. A blank value is null: a
nullable field takes it, a required one refuses it, and a blank query parameter is as if it had not
been sent (the schema of an optional one takes blank text). Path parameters are taken as they are.`;

export interface OpenApiOptions {
  /** The address the document is served from: listed first, and the `{base_url}` default. */
  servedFrom?: string;
}

/** OpenAPI 3.1 document of every endpoint in the table. */
export function openApiDocument(options: OpenApiOptions = {}): Json {
  const portal = {
    url: '{base_url}',
    description: 'A portal: its own subdomain or custom domain.',
    variables: {
      base_url: { default: options.servedFrom ?? DEFAULT_BASE_URL, description: 'The address of one portal.' },
    },
  };
  const { info, security, tags, paths, components } = addressFreeParts();
  return {
    openapi: '3.1.0',
    info,
    servers: options.servedFrom
      ? [{ url: options.servedFrom, description: 'The server this document is served from.' }, portal]
      : [portal],
    security,
    tags,
    paths,
    components,
  };
}

/**
 * The document but for its addresses, which the endpoint table alone decides: built once (some
 * 90 ms of CPU), as the reference server serves it to every client that asks. Shared by every
 * document returned: read, never changed.
 */
const addressFreeParts = lazily(() => ({
  info: {
    title: 'Feedback Portal API',
    version: '1.0.0',
    description: DESCRIPTION,
    license: { name: 'MIT', identifier: 'MIT' },
    contact: { name: 'Feedback Portal API' },
  },
  security: [{ bearer: [] }],
  tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
  paths: openApiPaths(),
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: "The portal's API key." } },
    schemas: {
      ...Object.fromEntries(
        endpointList.filter((e) => e.body).map((e) => [bodySchemaName(e), jsonSchemaOf(e.body!, 'input')]),
      ),
      ErrorBody: errorBody,
      ValidationErrorBody: validationBody,
      UnprocessableBody: {
        description:
          'A rule of the operation refused the request: `message` alone, or with `errors` when a field is at fault.',
        ...errorBody,
        properties: { ...(errorBody.properties as Json), errors: (validationBody.properties as Json).errors },
      },
    },
    responses: sharedResponses(),
  },
}));

function openApiPaths(): Record<string, Record<string, Json>> {
  const paths: Record<string, Record<string, Json>> = {};
  for (const endpoint of endpointList) {
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase()] = openApiOperation(endpoint);
    // operationIds must be unique: an alias verb gets its own, e.g. `groups.update.put`.
    for (const alias of endpoint.alsoMethods ?? []) {
      item[alias.toLowerCase()] = openApiOperation(endpoint, `${endpoint.name}.${alias.toLowerCase()}`);
    }
  }
  return paths;
}

/** The refusals many operations share, referenced from each operation's responses. */
function sharedResponses(): Record<string, Json> {
  return {
    BadRequest: refusal('The body is not valid JSON, not a JSON object, or not a complete multipart body.', {
      message: 'The request body is not valid JSON.',
    }),
    Unauthenticated: refusal('Missing, unknown or expired API key, or a key of another portal.', {
      message: 'Unauthenticated.',
    }),
    ReadOnlyKey: refusal('The API key is read-only.', {
      message: 'This API key is read-only and cannot make changes.',
    }),
    Forbidden: refusal('The API key is read-only, or the category may not be changed.', {
      message: 'You do not have permission to update this category.',
    }),
    NotFound: refusal('The item named in the path does not exist at this portal, or the path names no route.', {
      message: 'No query results for model [App\\Models\\Post] zz999',
    }),
    Misdirected: refusal(
      'The Host header names no portal of this server, nor a name it answers to (`localhost`, an address it listens on, `fp server --allowed-hosts`).',
      { message: 'Misdirected Request.' },
    ),
    UnsupportedMediaType: refusal(
      'The body is neither JSON, nor a form (`application/x-www-form-urlencoded`), nor `multipart/form-data`.',
      {
        message:
          'The request body must be sent as application/json, application/x-www-form-urlencoded, multipart/form-data.',
      },
    ),
    BodyTooLarge: refusal('The body is larger than 1 MiB.', {
      message: 'The request body must not be larger than 1048576 bytes.',
    }),
    UploadTooLarge: refusal(
      `The file is larger than ${SYNC_MAX_KILOBYTES} kilobytes.`,
      {
        message: `The file field must not be greater than ${SYNC_MAX_KILOBYTES} kilobytes.`,
        errors: { file: [`The file field must not be greater than ${SYNC_MAX_KILOBYTES} kilobytes.`] },
      },
      { $ref: '#/components/schemas/UnprocessableBody' },
    ),
    ValidationFailed: refusal(
      'Validation failure: `errors` maps each field to its messages.',
      { message: VALIDATION_MESSAGE, errors: { name: ['The name field is required.'] } },
      { $ref: '#/components/schemas/ValidationErrorBody' },
    ),
    Unprocessable: refusal(
      'Validation failure (`message` and `errors`), or a rule of the operation (`message` alone).',
      { message: 'Item is not voteable.' },
      { $ref: '#/components/schemas/UnprocessableBody' },
    ),
    Unavailable: refusal(
      'The service is briefly unavailable and did not process the request; try again after `Retry-After`.',
      { message: 'Service Unavailable' },
      undefined,
      retryAfter,
    ),
    TooManyRequests: refusal(
      'The rate limit of the API key is reached.',
      { message: 'Too Many Attempts.' },
      undefined,
      rateLimited,
    ),
    TooManyScans: refusal(
      "The rate limit of the API key is reached, or the portal's link-health scan queue is full.",
      { message: 'Too Many Attempts.' },
      undefined,
      retryAfter,
    ),
  };
}
