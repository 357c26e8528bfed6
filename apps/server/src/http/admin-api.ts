import swagger from '@fastify/swagger';
import scalarReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode, Messages } from '@careers/contracts';
import type { Clock } from '../clock';
import { ApiKeyRequiredError, NotFoundError } from '../errors';
import type { AdminAuditLog, ApiKeyAuthenticator } from '../kernel/api-key';
import { applyInlineScriptCsp } from './security-headers';

/** Where the employer API lives (issue 10). */
export const ADMIN_API_PREFIX = '/api/admin/v1';
export const ADMIN_API_VERSION = '1.0.0';

const BEARER = /^Bearer ([!-~]{1,200})$/;

export interface AdminApiScopeOptions {
  apiKeys: ApiKeyAuthenticator;
  audit: AdminAuditLog;
  clock: Clock;
  /** Calls per key per minute (per client IP for calls without a valid key). */
  perMinute: number;
  /**
   * Registers the admin routes plugins, each with its services, inside the scope:
   * `async (admin) => { await admin.register(adminPositionsRoutes, { ... }); }`.
   */
  routes: (admin: FastifyInstance) => Promise<void>;
}

export interface ValidationIssue {
  /** Where: "body/title", "params/id", "querystring/limit". */
  path: string;
  message: string;
}

/** The reference page and the OpenAPI document are public: they describe the API and hold no tenant's data. */
function isPublicRoute(url: string | undefined): boolean {
  return url === `${ADMIN_API_PREFIX}/openapi.json` || url === `${ADMIN_API_PREFIX}/docs` || (url?.startsWith(`${ADMIN_API_PREFIX}/docs/`) ?? false);
}

function validationIssues(error: { validation: { instancePath: string; message?: string | undefined }[]; validationContext?: string | undefined }): ValidationIssue[] {
  const context = error.validationContext ?? 'request';
  return error.validation.map((issue) => ({
    path: `${context}${issue.instancePath === '/' ? '' : issue.instancePath}`,
    message: issue.message ?? 'Invalid value',
  }));
}

function actionOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? '(unknown route)'}`;
}

/** The route's params as strings (the ids a call acts on); null when the route has none. */
function targetOf(request: FastifyRequest): Record<string, string> | null {
  const params = request.params;
  if (params === null || typeof params !== 'object') return null;
  const entries = Object.entries(params as Record<string, unknown>).map(([name, value]) => [name, String(value).slice(0, 200)] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * The employer API's scope (issue 10), registered beside the site scope, not inside it: no cookies, no
 * CSRF, no Host-based tenant. A call names its tenant only through its key (`Authorization: Bearer <key>`,
 * read from the database on every call, so a revocation takes effect at once on every process). Calls are
 * rate limited per key, audited after the response, and validated with zod; the same zod schemas make the
 * OpenAPI 3.1 document (GET openapi.json) and the reference page (GET docs/, Scalar, served locally).
 */
export const adminApiScope: FastifyPluginAsync<AdminApiScopeOptions> = async (admin, options) => {
  admin.setValidatorCompiler(validatorCompiler);
  admin.setSerializerCompiler(serializerCompiler);

  // 1. Who is calling: a well-formed Bearer key the database knows and has not revoked, else nobody.
  admin.addHook('onRequest', async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    request.apiKey = match ? await options.apiKeys.authenticate(match[1]!) : null;
  });
  // 2. How often: per key, or per client address for calls without one (guessing keys is limited too).
  admin.addHook(
    'onRequest',
    admin.rateLimit({
      max: options.perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => (request.apiKey ? `admin-api:key:${request.apiKey.keyId}` : `admin-api:ip:${request.ip}`),
    }),
  );
  // 3. Nothing but the public description without a key.
  admin.addHook('onRequest', async (request) => {
    if (!request.apiKey && !isPublicRoute(request.routeOptions.url)) throw new ApiKeyRequiredError();
  });
  // 4. Every call audited once answered; the log write never delays or fails the call.
  admin.addHook('onResponse', (request, reply, done) => {
    done();
    if (isPublicRoute(request.routeOptions.url)) return;
    options.audit
      .record({
        tenantId: request.apiKey?.tenantId ?? null,
        keyId: request.apiKey?.keyId ?? null,
        action: actionOf(request),
        target: targetOf(request),
        statusCode: reply.statusCode,
        requestId: request.id,
        at: options.clock.now(),
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'admin audit log write failed'));
  });

  admin.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = validationIssues(error);
      request.log.info({ code: ErrorCode.validation, statusCode: 400 }, 'request refused');
      const fields = Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
      return reply.code(400).type('application/json; charset=utf-8').send({ error: { code: ErrorCode.validation, message: Messages.problemWithRequest, fields }, issues });
    }
    // Everything else in the site's one JSON shape (http/error-handler.ts).
    throw error;
  });
  // Unknown paths under the prefix pass the same hooks (401 without a key, then 404, audited) instead of
  // falling through to the site's catch-all page route.
  admin.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true },
    handler: async () => {
      throw new NotFoundError();
    },
  });

  await admin.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Careers Portal employer API',
        version: ADMIN_API_VERSION,
        description:
          'Per-tenant API for a company\'s recruiting operations and its ATS integrations. Authenticate every call with `Authorization: Bearer <key>` (keys are made with `npm run careers -- apikey create`). Errors answer `{ error: { code, message, fields? } }`; validation failures add `issues: [{ path, message }]`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'cpk_<keyId>_<secret>' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with a `.meta({ id })` become components/schemas entries, referenced by $ref.
    transformObject: jsonSchemaTransformObject,
  });
  admin.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(admin.swagger()));

  await admin.register(scalarReference, {
    routePrefix: '/docs',
    logLevel: 'warn',
    configuration: { pageTitle: 'Careers Portal employer API', withDefaultFonts: false, hideClientButton: true },
  });
  admin.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === `${ADMIN_API_PREFIX}/docs/` && typeof payload === 'string') applyInlineScriptCsp(reply, payload);
    return payload;
  });

  await options.routes(admin);
};
