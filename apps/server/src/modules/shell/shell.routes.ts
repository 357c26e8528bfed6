import { CAREERS_HOME, isScreenPath, wrapServerMarkup } from '@careers/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { tenantOf } from '../../http/request-context';
import { shellHints } from './shell.hints';
import { DEFAULT_PRELOAD_BUDGET_MS, resolvePreloads, type ShellPreloadResolver } from './shell.preload';
import { presentBootData, shellLanguage, shellPlaceholders, type ShellPage, type ShellPageHead } from './shell.presenter';
import { DEFAULT_SSR_BUDGET_MS, guessViewport, loadServerRenderer, renderWithinBudget, type ServerRenderer } from './shell.ssr';
import type { ShellTemplate } from './shell.template';
import { createWebChunks, type WebChunks } from './web-chunks';

/**
 * A module's contribution to the head of the pages it owns (the positions module: job pages); null
 * when the path is not one of them. Keeps this module generic: it knows no page but its own.
 */
export type ShellPageHeadResolver = (request: FastifyRequest, path: string) => Promise<ShellPageHead | null>;

export interface ShellRoutesOptions {
  template: ShellTemplate;
  config: AppConfig;
  pageHeads?: readonly ShellPageHeadResolver[];
  /** Modules' answers to the first queries of their pages, inlined into the boot data. */
  preloads?: readonly ShellPreloadResolver[];
  /** The web build's chunks, for the hints that let the browser fetch a page's code early. */
  chunks?: WebChunks;
  /** How long the HTML waits for preloads before it goes without them (DEFAULT_PRELOAD_BUDGET_MS). */
  preloadBudgetMs?: number;
  /** The first screen's renderer; by default the web's SSR bundle at config.webSsrEntry, when built. */
  renderer?: ServerRenderer | null;
  /** How long the HTML waits for its rendered first screen (DEFAULT_SSR_BUDGET_MS). */
  ssrBudgetMs?: number;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The SPA's HTML, filled per request with the tenant, the user and a CSRF token (spec §2 routes). */
export const shellRoutes: FastifyPluginAsync<ShellRoutesOptions> = async (
  app,
  {
    template,
    config,
    pageHeads = [],
    preloads = [],
    chunks = createWebChunks(null),
    preloadBudgetMs = DEFAULT_PRELOAD_BUDGET_MS,
    renderer: givenRenderer,
    ssrBudgetMs = DEFAULT_SSR_BUDGET_MS,
  },
) => {
  const renderer = givenRenderer === undefined ? await loadServerRenderer(config.webSsrEntry, app.log) : givenRenderer;
  if (renderer) app.log.info('web SSR bundle loaded: pages go out with their first screen rendered');

  /**
   * The first screen from the web's own components, or '' (the browser renders it). The web renders in
   * English on the server; a page asked for in another language is left to the browser.
   */
  async function renderFirstScreen(request: FastifyRequest, page: ShellPage, bootData: ReturnType<typeof presentBootData>): Promise<string> {
    if (!renderer || shellLanguage(page) !== 'en') return '';
    const viewport = guessViewport(request.headers);
    const renderRequest = { url: request.url, bootData, viewport, sanitizedHtml: page.tenant.sanitizedHtml };
    return wrapServerMarkup(await renderWithinBudget(renderer, renderRequest, ssrBudgetMs, request.log), viewport);
  }

  async function resolveHead(request: FastifyRequest, path: string): Promise<ShellPageHead | null> {
    for (const resolve of pageHeads) {
      const head = await resolve(request, path);
      if (head) return head;
    }
    return null;
  }

  async function renderShell(request: FastifyRequest, reply: FastifyReply) {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const [moduleHead, preloadedQueries] = await Promise.all([
      resolveHead(request, path),
      preloads.length > 0 ? resolvePreloads(request, path, preloads, preloadBudgetMs) : [],
    ]);
    // A path with no screen shows the SPA's 404 screen, and says so to crawlers (issue 8 §6).
    const head = moduleHead ?? (isScreenPath(path) ? null : { statusCode: 404, noindex: true });
    const tenant = tenantOf(request);
    const page: ShellPage = {
      tenant,
      candidate: request.session?.candidate ?? null,
      csrfToken: request.csrfToken,
      path,
      query: { query: text(query.query), location: text(query.location), hl: text(query.hl) },
      head,
      preloadedQueries,
    };
    const bootData = presentBootData(page, config);
    const appHtml = await renderFirstScreen(request, page, bootData);
    const search = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    const hints = shellHints({ tenant, path, search, isServerRendered: appHtml !== '' }, chunks);
    const html = template.render(shellPlaceholders({ ...page, hints, appHtml }, config, bootData));
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
