import { CAREERS_HOME } from '@careers/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { tenantOf } from '../../http/request-context';
import { shellPlaceholders, type ShellPageHead } from './shell.presenter';
import type { ShellTemplate } from './shell.template';

/**
 * A module's contribution to the head of the pages it owns (the positions module: job pages); null
 * when the path is not one of them. Keeps this module generic: it knows no page but its own.
 */
export type ShellPageHeadResolver = (request: FastifyRequest, path: string) => Promise<ShellPageHead | null>;

export interface ShellRoutesOptions {
  template: ShellTemplate;
  config: AppConfig;
  pageHeads?: readonly ShellPageHeadResolver[];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The SPA's HTML, filled per request with the tenant, the user and a CSRF token (spec §2 routes). */
export const shellRoutes: FastifyPluginAsync<ShellRoutesOptions> = async (app, { template, config, pageHeads = [] }) => {
  async function renderShell(request: FastifyRequest, reply: FastifyReply) {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    let head: ShellPageHead | null = null;
    for (const resolve of pageHeads) {
      head = await resolve(request, path);
      if (head) break;
    }
    const html = template.render(
      shellPlaceholders(
        {
          tenant: tenantOf(request),
          candidate: request.session?.candidate ?? null,
          csrfToken: request.csrfToken,
          path,
          query: { query: text(query.query), location: text(query.location), hl: text(query.hl) },
          head,
        },
        config,
      ),
    );
    // The page embeds personal boot data and a CSRF token: never cached.
    return reply
      .code(head?.statusCode ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  }

  app.get('/', (_request, reply) => reply.redirect(CAREERS_HOME, 302));
  app.get('/careers', renderShell);
  app.get('/careers/*', renderShell);
  // spec §2: /logout is an SPA screen that posts the sign-out to the server.
  app.get('/logout', renderShell);
};
