import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Tenant } from '../kernel/tenant';
import { isHttps } from './request-context';

const BASE_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: https:"],
  ['connect-src', "'self'"],
  ['font-src', "'self' data:"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'self'"],
  ['form-action', "'self'"],
  ['frame-src', "'self'"],
];

function buildCsp(scriptSources: readonly string[]): string {
  return BASE_DIRECTIVES.map(([name, value]) =>
    name === 'script-src' && scriptSources.length > 0 ? `${name} ${value} ${scriptSources.join(' ')}` : `${name} ${value}`,
  ).join('; ');
}

const CSP_HEADER = 'content-security-policy';
const BASE_CSP = buildCsp([]);

/**
 * The headers helmet would send, fixed once: a per-request helmet pass cost more than the rest of a
 * health check together (P1), and none of these values depends on the request.
 */
const STATIC_HEADERS: Record<string, string> = {
  [CSP_HEADER]: BASE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HSTS = 'max-age=31536000; includeSubDomains';

/** Keyed by the parsed config object, which the tenant cache replaces whenever it reloads. */
const cspByConfig = new WeakMap<Tenant['config'], string>();

/** The tenant's head scripts (spec §2 Shell: "configured head scripts") are the only extra script origins. */
function cspFor(tenant: Tenant): string {
  const cached = cspByConfig.get(tenant.config);
  if (cached) return cached;
  const origins = new Set<string>();
  for (const src of tenant.config.pcsxConfig.scriptConfig.pageLoadHeadScripts) {
    const url = new URL(src);
    if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
  }
  const csp = buildCsp([...origins]);
  cspByConfig.set(tenant.config, csp);
  return csp;
}

/** Called once the tenant is known: widens script-src for its head scripts, if it has any. */
export function applyTenantCsp(reply: FastifyReply, tenant: Tenant): void {
  const csp = cspFor(tenant);
  if (csp !== BASE_CSP) reply.header(CSP_HEADER, csp);
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * A page of ours that needs its own inline scripts (the employer API's reference page, issue 10): the CSP
 * allows exactly those scripts by hash, nothing else inline, and no other origin.
 */
export function applyInlineScriptCsp(reply: FastifyReply, html: string): void {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`);
  reply.header(CSP_HEADER, buildCsp(hashes));
}

/**
 * T10: CSP, nosniff, Referrer-Policy, frame options, HSTS over HTTPS only, no-store on every /api answer
 * (they may carry personal data). Set before routing, so errors and 404s carry them too. Fastify sends
 * no X-Powered-By.
 */
export const securityHeadersPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(STATIC_HEADERS);
      if (isHttps(request, config.publicOrigin)) reply.header('strict-transport-security', HSTS);
      if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'security-headers' },
);
