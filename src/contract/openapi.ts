import { z } from 'zod';
import { endpointList, type Endpoint } from './endpoints.js';
import { ErrorBodySchema, ValidationErrorBodySchema } from './schemas/common.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function operation(endpoint: Endpoint): JsonSchema {
  const parameters: JsonSchema[] = [];
  for (const name of endpoint.path.match(/\{(\w+)\}/g) ?? []) {
    parameters.push({ name: name.slice(1, -1), in: 'path', required: true, schema: { type: 'string' } });
  }
  if (endpoint.query) {
    const q = toSchema(endpoint.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
  }
  const op: JsonSchema = {
    operationId: endpoint.name,
    summary: endpoint.summary,
    tags: [endpoint.name.split('.')[0]],
    parameters,
    responses: {
      '200':
        endpoint.responseType === 'zip'
          ? { description: 'ZIP archive', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'Success', content: { 'application/json': { schema: toSchema(endpoint.response, 'output') } } },
      '401': { $ref: '#/components/responses/Unauthenticated' },
      '422': { $ref: '#/components/responses/ValidationFailed' },
    },
  };
  if (endpoint.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } } };
  }
  if (endpoint.multipart) {
    const fields = toSchema(endpoint.multipart, 'input') as { properties?: JsonSchema; required?: string[] };
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary' }, ...(fields.properties ?? {}) },
            required: ['file', ...(fields.required ?? [])],
          },
        },
      },
    };
  }
  return op;
}

/** OpenAPI 3.1 document of every endpoint in the table. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpointList) {
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase()] = operation(endpoint);
    // operationIds must be unique: an alias verb gets its own, e.g. `groups.update.put`.
    for (const alias of endpoint.alsoMethods ?? []) {
      item[alias.toLowerCase()] = { ...operation(endpoint), operationId: `${endpoint.name}.${alias.toLowerCase()}` };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Feedback Portal API', version: '1.0.0' },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010' } } }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      responses: {
        Unauthenticated: {
          description: 'Missing or invalid credentials',
          content: { 'application/json': { schema: toSchema(ErrorBodySchema, 'output') } },
        },
        ValidationFailed: {
          description: 'Validation failure',
          content: { 'application/json': { schema: toSchema(ValidationErrorBodySchema, 'output') } },
        },
      },
    },
  };
}
