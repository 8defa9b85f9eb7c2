import { ERROR_CODES, ZApiErrorSchema } from '@loupe/domain/errors/errors';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TTestApp, type TTestClient } from './support/test-app.ts';

/**
 * Issue 20 §1: no input makes Loupe answer 5xx. Requests are generated from the app's own OpenAPI document
 * (/api/openapi.json): for every operation, path parameters, query and JSON body are drawn from the
 * operation's JSON schemas — mostly values the schema allows (so requests reach the services and the
 * database), mixed with hostile ones (NUL, lone surrogates, huge numbers, wrong types, long strings,
 * markup, SQL). Each request is sent through `app.inject` as an admin and as an anonymous caller.
 *
 * A run fails on any 5xx, on a 2xx or 4xx whose body breaks the response schema the operation declares for
 * that status, and on a 4xx that is not the API's one error object (Cognito's shape under /api/idp).
 *
 * GENERATED_REQUEST_RUNS: requests per operation and caller (default 25, about 10,000 requests in all, which
 * `npm test` and CI send; `GENERATED_REQUEST_RUNS=100 npx vitest run apps/server/test/generated-requests.test.ts`
 * is the larger run, about 40,000, worth a change to validation or to the routes' schemas). GENERATED_REQUEST_SEED
 * replays a failing run (fast-check prints the seed). GENERATED_REQUEST_STATS=1 prints the statuses each
 * operation got, to see how far the generated requests reach.
 *
 * PGlite only: the rules under test are the server's, and the run stays within CI's time budget.
 */

const RUNS = Number(process.env.GENERATED_REQUEST_RUNS ?? 25);
const STATS = process.env.GENERATED_REQUEST_STATS === '1';
const SEED = process.env.GENERATED_REQUEST_SEED ? Number(process.env.GENERATED_REQUEST_SEED) : undefined;

type TSchema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: TSchema;
  properties?: Record<string, TSchema>;
  required?: string[];
  additionalProperties?: boolean | TSchema;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  default?: unknown;
};

type TParameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: TSchema };

type TOperation = {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly TParameter[];
  readonly body: TSchema | undefined;
  readonly responses: Readonly<Record<string, TSchema | undefined>>;
  /** Reader ingest: the signed-in caller is a reader with its API key rather than the admin. */
  readonly forReaders: boolean;
};

type TGeneratedRequest = {
  readonly url: string;
  readonly body: unknown;
  readonly headers: Record<string, string>;
};

// Text a careless server trips over: what PostgreSQL refuses, what a parser or a query builder might.
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '%00',
  '\\u0000',
  "'; DROP TABLE orders; --",
  '" OR 1=1 --',
  '%',
  '_',
  '\\',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '$' + '{jndi:ldap://x}',
  '\u202Egnp.exe',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 💍',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '2147483648',
  '99999999999999999999',
  '0000-00-00',
  '9999-12-31',
  '-infinity',
  '__proto__',
  'constructor',
  'x'.repeat(5_000),
];

const HOSTILE_NUMBERS = [
  -1,
  0,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  3_000_000_000,
  10 ** 10,
  Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e308,
];

// Anything at all where a value was expected: the wrong type is the commonest hostile input.
const ANY_JSON = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, {}, [], '', 0),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.jsonValue({ maxDepth: 2 }),
);

type TContext = {
  /** Ids of rows that exist, so that generated requests reach past "not found". */
  readonly knownIds: readonly string[];
  /** The same ids by the names of the fields and parameters that take them (`customerId`, `orderId`). */
  readonly idsByName: ReadonlyMap<string, readonly string[]>;
  /** Whether values may break the schema; half the requests keep to it, so that they reach the services. */
  readonly hostile: boolean;
};

function hostile<T>(
  valid: fc.Arbitrary<T>,
  bad: fc.Arbitrary<unknown>,
  context: TContext,
): fc.Arbitrary<unknown> {
  if (!context.hostile) return valid;
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: bad, weight: 1 });
}

function boundOf(value: number | boolean | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function stringArbitrary(schema: TSchema, context: TContext, name?: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, 300);
  const named = name ? context.idsByName.get(name) : undefined;
  // A field that names a seeded kind of row gets one of those rows when the request keeps to the schema.
  if (named && named.length > 0 && !context.hostile) return fc.constantFrom(...named);
  const ids = named ?? context.knownIds;
  const known = ids.length > 0 ? [fc.constantFrom(...ids)] : [];
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(...known, fc.uuid());
    case 'date':
      return fc
        .date({ min: new Date('1800-01-01'), max: new Date('2300-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress();
    default:
      break;
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((text) => text.length <= Math.max(maxLength, 64));
  }
  return fc.oneof(
    ...known,
    fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }),
    fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' }),
  );
}

function numberArbitrary(schema: TSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(boundOf(schema.minimum, -1e12), -Number.MAX_SAFE_INTEGER);
  const max = Math.min(boundOf(schema.maximum, 1e12), Number.MAX_SAFE_INTEGER);
  const edges = fc.constantFrom(min, max, ...(min <= 0 && max >= 0 ? [0] : []));
  const within = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(within, edges);
}

/** An arbitrary of values for `schema`: mostly valid, sometimes hostile. */
function valueArbitrary(schema: TSchema, context: TContext, depth = 0, name?: string): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, context, depth, name);
  const withNull = schema.nullable
    ? fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
    : valid;
  return hostile(withNull, ANY_JSON, context);
}

function validArbitrary(
  schema: TSchema,
  context: TContext,
  depth: number,
  name?: string,
): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => validArbitrary(alternative, context, depth, name)));
  }
  if (schema.allOf?.[0]) return validArbitrary(schema.allOf[0], context, depth, name);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return hostile(stringArbitrary(schema, context, name), fc.constantFrom(...HOSTILE_STRINGS), context);
    case 'integer':
      return hostile(numberArbitrary(schema, true), fc.constantFrom(...HOSTILE_NUMBERS), context);
    case 'number':
      return hostile(numberArbitrary(schema, false), fc.constantFrom(...HOSTILE_NUMBERS), context);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const items = schema.items ? valueArbitrary(schema.items, context, depth + 1, name) : ANY_JSON;
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [
          key,
          valueArbitrary(property, context, depth + 1, key),
        ]),
      );
      const required = (schema.required ?? []).filter((key) => key in properties);
      const record = fc.record(model, { requiredKeys: required });
      // A stray key, and now and then a required one missing.
      const extra = fc.dictionary(
        fc.constantFrom('extra', 'id', '__proto__', 'constructor', 'a\u0000'),
        ANY_JSON,
        {
          maxKeys: 1,
        },
      );
      if (!context.hostile) return record;
      return fc.oneof(
        { arbitrary: record, weight: 6 },
        { arbitrary: fc.tuple(record, extra).map(([value, more]) => ({ ...more, ...value })), weight: 1 },
        { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
      );
    }
    default:
      return ANY_JSON;
  }
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the UTF-8 bytes of one:
 * an invalid sequence the server must refuse like any other bad path.
 */
function encodePathSegment(text: string): string {
  return text
    .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/)
    .map((part) => {
      try {
        return encodeURIComponent(part);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Query values and path parameters travel as text: whatever the schema's type, they are strings here. */
function textArbitrary(schema: TSchema, context: TContext, name: string): fc.Arbitrary<string> {
  return valueArbitrary(schema, context, 0, name).map(asText);
}

// Cognito's protocol names its operation in a header, which OpenAPI does not describe.
const IDP_OPERATIONS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GlobalSignOut',
  'GetUser',
  'ChangePassword',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'SignUp',
  'NoSuchOperation',
];

function requestArbitrary(
  operation: TOperation,
  context: Omit<TContext, 'hostile'>,
): fc.Arbitrary<TGeneratedRequest> {
  return fc.oneof(
    requestsOf(operation, { ...context, hostile: false }),
    requestsOf(operation, { ...context, hostile: true }),
  );
}

function requestsOf(operation: TOperation, context: TContext): fc.Arbitrary<TGeneratedRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  // An empty segment would name another route (`/orders/` is the list), and so would a dot segment, which
  // URL resolution removes (RFC 3986 §5.2.4: `/departments/.` is `/departments/`): not this operation's input.
  const path = fc.record(
    Object.fromEntries(
      pathParameters.map((parameter) => [
        parameter.name,
        textArbitrary(parameter.schema, context, parameter.name).filter(
          (text) => text !== '' && text !== '.' && text !== '..',
        ),
      ]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      queryParameters.map((parameter) => [
        parameter.name,
        textArbitrary(parameter.schema, context, parameter.name),
      ]),
    ),
    { requiredKeys: queryParameters.filter((parameter) => parameter.required).map((p) => p.name) },
  );
  const isIdp = operation.path === '/api/idp' && operation.method === 'POST';
  const body: fc.Arbitrary<unknown> = operation.body
    ? valueArbitrary(operation.body, context)
    : isIdp
      ? fc.oneof(
          fc.record({
            ClientId: fc.constantFrom('loupe-web', 'other'),
            AuthFlow: fc.constantFrom('USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'CUSTOM_AUTH'),
            AuthParameters: fc.dictionary(
              fc.constantFrom('USERNAME', 'PASSWORD', 'REFRESH_TOKEN', 'NEW_PASSWORD'),
              fc.oneof(fc.string(), fc.constantFrom(...HOSTILE_STRINGS)),
            ),
            AccessToken: fc.oneof(fc.string(), fc.constantFrom(...HOSTILE_STRINGS)),
            Username: fc.oneof(fc.emailAddress(), fc.constantFrom(...HOSTILE_STRINGS)),
          }),
          ANY_JSON,
        )
      : fc.constant(undefined);
  const headers = isIdp
    ? fc.constantFrom(...IDP_OPERATIONS).map((name) => ({
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${name}`,
      }))
    : fc.constant({});
  return fc
    .record({ path, query, body, headers })
    .map(({ path: values, query: search, body: payload, headers: extra }) => {
      const url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
        encodePathSegment(values[name] ?? ''),
      );
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(search)) params.append(name, value);
      const queryString = params.toString();
      return {
        url: queryString ? `${url}?${queryString}` : url,
        body: payload,
        headers: extra,
      };
    });
}

type TOpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: TParameter[];
        requestBody?: { content?: Record<string, { schema?: TSchema }> };
        security?: Record<string, unknown>[];
        responses?: Record<string, { content?: Record<string, { schema?: TSchema }> }>;
      }
    >
  >;
};

function operationsOf(document: TOpenApi): TOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
      forReaders: (operation.security ?? []).some((scheme) => 'readerApiKey' in scheme),
      responses: Object.fromEntries(
        Object.entries(operation.responses ?? {}).map(([status, response]) => [
          status,
          response.content?.['application/json']?.schema,
        ]),
      ),
    })),
  );
}

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<TSchema, ValidateFunction>();

/** OpenAPI 3.0's `nullable` is not JSON Schema: rewritten as a type that also allows null. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as TSchema;
  const converted: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      key === 'properties' ? toProperties(value) : toJsonSchema(value),
    ]),
  );
  // OpenAPI 3.0 writes an exclusive bound as a flag beside minimum/maximum; JSON Schema as the bound itself.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (converted[flag] === true) {
      converted[flag] = converted[bound];
      delete converted[bound];
    } else if (converted[flag] === false) delete converted[flag];
  }
  if (!nullable) return converted;
  return { anyOf: [converted, { type: 'null' }] };
}

function toProperties(properties: unknown): unknown {
  if (properties === null || typeof properties !== 'object') return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, toJsonSchema(schema)]));
}

function validatorFor(schema: TSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema) as object);
    validators.set(schema, validate);
  }
  return validate;
}

const IDP_ERROR_TYPE = /^[A-Za-z]+(Exception|Error)$/;

/** Why `response` breaks the contract of `operation`, or null when it keeps it. */
function contractBreach(operation: TOperation, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500 && !(operation.responses[String(status)] !== undefined && status === 503)) {
    return `answered ${status}`;
  }
  const contentType = String(response.headers['content-type'] ?? '');
  const json = contentType.includes('json') ? safeJson(response.body) : undefined;
  const declared = operation.responses[String(status)];
  if (declared) {
    const validate = validatorFor(declared);
    if (!validate(json)) return `${status} body breaks its schema: ${ajv.errorsText(validate.errors)}`;
  }
  if (status >= 400 && status < 500 && !declared) {
    if (operation.path === '/api/idp') {
      const error = json as { __type?: unknown; message?: unknown } | undefined;
      if (typeof error?.__type !== 'string' || !IDP_ERROR_TYPE.test(error.__type)) {
        return `${status} is not a Cognito error`;
      }
      return null;
    }
    const parsed = ZApiErrorSchema.safeParse(json);
    if (!parsed.success) return `${status} is not the API's error object`;
    if (parsed.data.status !== status) return `${status} says status ${parsed.data.status}`;
    if (!parsed.data.code || !(parsed.data.code in ERROR_CODES)) {
      return `${status} has an unknown code ${parsed.data.code}`;
    }
  }
  return null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeRequest(operation: TOperation, request: TGeneratedRequest): string {
  const body = request.body === undefined ? '' : ` ${JSON.stringify(request.body).slice(0, 400)}`;
  return `${operation.method} ${request.url.slice(0, 400)}${body}`;
}

// Operations that end the caller's session when they succeed: the admin signs in again after them.
const ENDS_SESSION = new Set(['POST /api/v1/auth/logout', 'POST /api/v1/auth/change-password']);

describe('requests generated from the OpenAPI document', () => {
  let t: TTestApp;
  let admin: TTestClient;
  let adminEmail: string;
  let operations: TOperation[] = [];
  const knownIds: string[] = [];
  const idsByName = new Map<string, string[]>();
  let readerKey = '';

  /** Creates a row through the API; its id is known from then on, also by the field names given. */
  async function seed(
    url: string,
    body: unknown,
    names: readonly string[] = [],
  ): Promise<string | undefined> {
    const response = await admin.request('POST', url, { body });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    // A new reader comes back with its API key beside it.
    const data = (response.json() as { data?: { id?: unknown; reader?: { id?: unknown }; apiKey?: unknown } })
      .data;
    if (typeof data?.apiKey === 'string') readerKey = data.apiKey;
    const id = data?.id ?? data?.reader?.id;
    if (typeof id !== 'string') return undefined;
    knownIds.push(id);
    for (const name of ['id', ...names]) idsByName.set(name, [...(idsByName.get(name) ?? []), id]);
    return id;
  }

  beforeAll(async () => {
    // Generated hosts for the LLRP connection test are tried for real: one second each at most.
    t = await createTestApp({ env: { LLRP_TIMEOUT_SECONDS: '1' } });
    const signedIn = await t.clientAs('admin');
    admin = signedIn.client;
    adminEmail = signedIn.user.email;
    // A workshop with a row of each kind, so that generated ids and bodies reach real rows.
    const customerId = await seed('/api/v1/customers', { name: 'Grace Hopper', email: 'grace@example.com' }, [
      'customerId',
    ]);
    await seed('/api/v1/locations', { name: 'Annex' }, ['locationId']);
    const departmentId = await seed('/api/v1/departments', { name: 'Bench' }, ['departmentId']);
    await seed(`/api/v1/departments/${departmentId}/stations`, { name: 'Bench 1' }, ['stationId']);
    await seed('/api/v1/readers', { id: 'reader-1', name: 'Intake', kind: 'zebra' }, ['readerId']);
    const metalTypeId = await seed('/api/v1/catalog/metal-types', { name: 'Platinum' }, ['metalTypeId']);
    const productTypeId = await seed('/api/v1/catalog/product-types', { name: 'Ring' }, ['productTypeId']);
    const folderId = await seed('/api/v1/catalog/design-folders', { name: 'Bridal' }, [
      'folderId',
      'parentId',
    ]);
    await seed('/api/v1/catalog/designs', { name: 'Solitaire', folderId, metalTypeId, productTypeId }, [
      'designId',
    ]);
    await seed('/api/v1/orders', { customerId, priceCents: 120_000, depositCents: 20_000 }, ['orderId']);
    await seed('/api/v1/repairs', { customerId, itemDescription: 'Ring', repairTypes: ['sizing'] }, [
      'repairId',
    ]);
    const designer = await t.createUser({ role: 'designer' });
    const salesperson = await t.createUser({ role: 'salesperson' });
    knownIds.push(designer.id, salesperson.id, 'LOC001');
    idsByName.set('salespersonId', [salesperson.id]);
    idsByName.set('designerId', [designer.id]);
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    // Destructive operations last, so that the others still find the seeded rows (and the reader its key).
    const rank = (operation: TOperation) =>
      operation.forReaders ? 0 : operation.method === 'DELETE' || operation.path.endsWith('/api-key') ? 2 : 1;
    operations = operationsOf(document.json() as TOpenApi).sort((a, b) => rank(a) - rank(b));
  }, 60_000);
  afterAll(() => t?.close());

  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(100);
    // Routes hidden from the document take no input: the document itself, its reference page, the CSRF token.
    const hidden = ['/api/openapi.json', '/api/auth/csrf-token'];
    const registered = t.app.loupe.registeredRoutes
      .list()
      .filter((route) => !route.url.startsWith('/api/docs') && !hidden.includes(route.url))
      .filter((route) => route.method !== 'HEAD');
    expect(registered.length).toBeGreaterThan(0);
    const documented = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    const missing = registered
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it(
    'answers no generated request with 5xx or a response that breaks its contract',
    async () => {
      const anonymous = t.client();
      const failures: string[] = [];
      for (const operation of operations) {
        const context = { knownIds, idsByName };
        const statuses = new Map<string, number>();
        const samples = new Map<string, string>();
        const result = await fc.check(
          fc.asyncProperty(requestArbitrary(operation, context), async (request) => {
            for (const [caller, client] of [
              ['admin', admin],
              ['anonymous', anonymous],
            ] as const) {
              const asReader = caller === 'admin' && operation.forReaders;
              const response = await client.request(operation.method, request.url, {
                body: request.body,
                headers: asReader ? { ...request.headers, 'x-api-key': readerKey } : request.headers,
              });
              const key = `${caller} ${response.statusCode}`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
              if (STATS && !samples.has(key)) samples.set(key, response.body.slice(0, 160));
              const breach = contractBreach(operation, response);
              if (breach) {
                throw new Error(
                  `${caller}: ${breach}\n  ${describeRequest(operation, request)}\n  → ${response.body.slice(0, 400)}`,
                );
              }
              if (caller === 'admin' && ENDS_SESSION.has(`${operation.method} ${operation.path}`)) {
                if (response.statusCode < 300)
                  admin.idToken = (await t.signIn(adminEmail, TEST_PASSWORD)).IdToken;
              }
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        if (STATS) {
          const counts = [...statuses].map(([key, count]) => `${key}×${count}`).join(' ');
          console.info(`${operation.method} ${operation.path}: ${counts}`, Object.fromEntries(samples));
        }
        if (result.failed) {
          const reason =
            result.errorInstance instanceof Error
              ? result.errorInstance.message
              : String(result.errorInstance);
          failures.push(`${operation.method} ${operation.path} (seed ${result.seed}): ${reason}`);
        }
      }
      expect(failures).toEqual([]);
    },
    15 * 60_000,
  );
});
