import { randomBytes } from 'node:crypto';
import { CAREERS_HOME, isScreenPath, wrapServerMarkup, type UserPreferences } from '@careers/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { ProfileStandingPort } from '../auth/auth.presenter';
import { acceptsGzip } from '../../http/compressible-json';
import { escapeHtml } from '../../http/html';
import { prepareSplicedGzip, splicedGzip, type SplicedGzip } from '../../http/spliced-gzip';
import { tenantOf } from '../../http/request-context';
import { createPageCache, type CachedPage, type PageCache } from './page-cache';
import { pageCacheKey } from './page-cache-key';
import { shellHints } from './shell.hints';
import { DEFAULT_PRELOAD_BUDGET_MS, resolvePreloadsOutcome, type ShellPreloadResolver } from './shell.preload';
import { choosePageLocale, type PageLocale } from '../account/preferences.service';
import { presentBootData, shellLocale, shellPlaceholders, type ShellPage, type ShellPageHead } from './shell.presenter';
import { DEFAULT_SSR_BUDGET_MS, guessViewport, loadServerRenderer, renderWithinBudget, type RenderOutcome, type ServerRenderer } from './shell.ssr';
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
  /**
   * The version of what the pages show beyond the tenant's config (the positions version): anonymous pages
   * are shared (pageCache) only when given, and a new version makes every cached page of the tenant stale.
   */
  contentVersion?: (request: FastifyRequest) => Promise<string>;
  /** Anonymous pages shared between visitors; by default a 32 MB LRU (page-cache.ts). */
  pageCache?: PageCache;
  /** Issue 11/13: the signed-in candidate's saved preferences (language, time zone), null for a visitor. */
  preferences?: (request: FastifyRequest) => Promise<UserPreferences | null>;
  /** The signed-in candidate's resume and profile completion (issue 11: the user store's hasResume, profileCompletionData). */
  profileStanding?: ProfileStandingPort;
}

/**
 * How the first screen came out, in the `x-ssr` response header (issue 8 §3: load tests count pages without
 * their first screen): the render outcomes, `cached` for a shared page, `none` when nothing renders it.
 */
export const SSR_HEADER = 'x-ssr';
type SsrHeader = RenderOutcome | 'cached' | 'none';

/**
 * Stands for the CSRF token in a page being built, so the shared part never contains anyone's token:
 * random per process (no visitor can put it into a page), hex (HTML escaping leaves it as is).
 */
const CSRF_SLOT = `csrf-${randomBytes(16).toString('hex')}`;

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
    contentVersion,
    profileStanding,
    pageCache = createPageCache(),
    preferences: readPreferences,
  },
) => {
  const renderer = givenRenderer === undefined ? await loadServerRenderer(config.webSsrEntry, app.log, ssrBudgetMs) : givenRenderer;
  if (renderer) app.log.info('web SSR bundle loaded: pages go out with their first screen rendered');
  // Threads this plugin started end with the server (a given renderer belongs to its giver).
  if (renderer && givenRenderer === undefined) app.addHook('onClose', async () => renderer.close?.());

  /**
   * The first screen from the web's own components, or '' (the browser renders it), in the page's language
   * (issue 13: no flash of English; keys a catalogue lacks fall back to English one by one, as in the browser).
   */
  async function renderFirstScreen(
    request: FastifyRequest,
    page: ShellPage,
    bootData: ReturnType<typeof presentBootData>,
  ): Promise<{ html: string; outcome: SsrHeader }> {
    if (!renderer) return { html: '', outcome: 'none' };
    const viewport = guessViewport(request.headers);
    const renderRequest = { url: request.url, bootData, viewport, locale: shellLocale(page).code, sanitizedHtml: page.tenant.sanitizedHtml };
    const { html, outcome } = await renderWithinBudget(renderer, renderRequest, ssrBudgetMs, request.log);
    return { html: wrapServerMarkup(html, viewport), outcome };
  }

  /**
   * Issue 13 "Locale choice": hl, then the signed-in candidate's saved language, then Accept-Language, then
   * the tenant's default (English: tenants do not configure one yet).
   */
  function localeOf(request: FastifyRequest, saved: string | null | undefined): PageLocale {
    const { hl } = (request.query ?? {}) as Record<string, unknown>;
    return choosePageLocale({ hl: text(hl), saved, acceptLanguage: request.headers['accept-language'] });
  }

  /** The shared page's key, or null when this request must not read or fill the shared cache. */
  async function sharedKey(request: FastifyRequest): Promise<string | null> {
    // Signed-in pages carry personal data (saved flags, offers, the name): never shared, either way.
    if (!contentVersion || request.session) return null;
    return pageCacheKey({
      // The same URL in two browsers' languages is two pages (issue 13).
      locale: localeOf(request, null).code,
      tenant: tenantOf(request),
      positionsVersion: await contentVersion(request),
      origin: `${request.protocol}://${request.host}`,
      url: request.url,
      viewport: guessViewport(request.headers),
    });
  }

  /** Shared pages compressed once, while they are cached (the cache drops them, and so this map). */
  const sharedGzip = new WeakMap<readonly Buffer[], SplicedGzip>();

  /** The page as gzip: a shared page's parts compressed once at level 6, a visitor's own page quickly. */
  function gzipOf(parts: readonly Buffer[], isShared: boolean): SplicedGzip {
    if (!isShared) return prepareSplicedGzip(parts, 1);
    let prepared = sharedGzip.get(parts);
    if (!prepared) {
      prepared = prepareSplicedGzip(parts);
      sharedGzip.set(parts, prepared);
    }
    return prepared;
  }

  function send(request: FastifyRequest, reply: FastifyReply, page: { statusCode: number; parts: readonly Buffer[]; isShared: boolean }, ssr: SsrHeader) {
    const token = Buffer.from(escapeHtml(request.csrfToken));
    const { statusCode, parts } = page;
    // The page embeds a CSRF token (and, signed in, personal boot data): never cached by browsers or proxies.
    reply.code(statusCode).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'Accept-Encoding, Accept-Language').header(SSR_HEADER, ssr);
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(Buffer.concat(splicedGzip(gzipOf(parts, page.isShared), token)));
    }
    const pieces: Buffer[] = [];
    parts.forEach((part, index) => {
      if (index > 0) pieces.push(token);
      pieces.push(part);
    });
    return reply.send(Buffer.concat(pieces));
  }

  async function resolveHead(request: FastifyRequest, path: string): Promise<ShellPageHead | null> {
    for (const resolve of pageHeads) {
      const head = await resolve(request, path);
      if (head) return head;
    }
    return null;
  }

  /**
   * Shared pages being built, by key: visitors asking for one meanwhile wait for it rather than each
   * rendering it (at 50 concurrent visitors, a page that left the cache or a new positions version would
   * otherwise send 50 renders to the pool at once, and most of those pages would be shed).
   */
  const building = new Map<string, Promise<CachedPage | null>>();

  async function renderShell(request: FastifyRequest, reply: FastifyReply) {
    const key = await sharedKey(request);
    if (key === null) return (await buildPage(request, reply, null)).reply;
    const cached = pageCache.get(key);
    if (cached) return send(request, reply, { ...cached, isShared: true }, 'cached');
    const pending = building.get(key);
    if (pending) {
      const built = await pending;
      if (built) return send(request, reply, { ...built, isShared: true }, 'cached');
      // That build ended without a page to share (shed, late, a skipped preload): build our own.
      return (await buildPage(request, reply, key)).reply;
    }
    // No await between the look-up above and this: the next visitor finds this build.
    let done: (page: CachedPage | null) => void = () => undefined;
    building.set(key, new Promise((resolve) => (done = resolve)));
    try {
      const built = await buildPage(request, reply, key);
      done(built.sharedPage);
      return built.reply;
    } finally {
      // A build that threw shares nothing; a promise settles once, so this is a no-op after done(page).
      done(null);
      building.delete(key);
    }
  }

  /** Builds this request's page, sends it, and stores it as a shared page when it may be (key not null). */
  async function buildPage(request: FastifyRequest, reply: FastifyReply, key: string | null): Promise<{ reply: FastifyReply; sharedPage: CachedPage | null }> {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const [moduleHead, preloaded] = await Promise.all([
      resolveHead(request, path),
      preloads.length > 0 ? resolvePreloadsOutcome(request, path, preloads, preloadBudgetMs) : { queries: [], complete: true },
    ]);
    // A path with no screen shows the SPA's 404 screen, and says so to crawlers (issue 8 §6).
    const head = moduleHead ?? (isScreenPath(path) ? null : { statusCode: 404, noindex: true });
    const tenant = tenantOf(request);
    const preferences = request.session && readPreferences ? await readPreferences(request) : null;
    const page: ShellPage = {
      tenant,
      candidate: request.session?.candidate ?? null,
      standing: request.session && profileStanding ? await profileStanding(tenant.id, request.session.candidate.id) : undefined,
      csrfToken: CSRF_SLOT,
      path,
      query: { query: text(query.query), location: text(query.location), hl: text(query.hl) },
      locale: localeOf(request, preferences?.locale),
      preferences,
      head,
      preloadedQueries: preloaded.queries,
    };
    const bootData = presentBootData(page, config);
    const { html: appHtml, outcome } = await renderFirstScreen(request, page, bootData);
    const search = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    const hints = shellHints({ tenant, path, search, isServerRendered: appHtml !== '' }, chunks);
    const parts = template.render(shellPlaceholders({ ...page, hints, appHtml }, config, bootData)).split(CSRF_SLOT).map((part) => Buffer.from(part));
    const statusCode = head?.statusCode ?? 200;
    // Shared only as every visitor would get it: rendered (or deliberately left to the browser), with every
    // preloaded answer; a shed, late or failed render, or a skipped preload, is this request's alone.
    const sharedPage = key !== null && (outcome === 'rendered' || outcome === 'none') && preloaded.complete ? { statusCode, parts } : null;
    if (key !== null && sharedPage) pageCache.set(key, sharedPage);
    return { reply: send(request, reply, { statusCode, parts, isShared: sharedPage !== null }, outcome), sharedPage };
  }


  app.get('/', (_request, reply) => reply.redirect(CAREERS_HOME, 302));
  app.get('/careers', renderShell);
  app.get('/careers/*', renderShell);
  // spec §2: /logout is an SPA screen that posts the sign-out to the server.
  app.get('/logout', renderShell);
};
