import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { DestinationStream } from 'pino';
import { systemClock, type Clock } from './clock';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { ADMIN_API_PREFIX, adminApiScope } from './http/admin-api';
import { csrfPlugin } from './http/csrf';
import { drainPlugin } from './http/drain';
import { errorHandlerPlugin } from './http/error-handler';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { DEFAULT_RATE_LIMITS, rateLimitPlugin, type RateLimits } from './http/rate-limit';
import { tenantOf } from './http/request-context';
import { requestIdFor, requestIdPlugin } from './http/request-id';
import { requestLogPlugin } from './http/request-log';
import { securityHeadersPlugin } from './http/security-headers';
import { sessionsPlugin } from './http/sessions';
import { staticFilesPlugin } from './http/static-files';
import { tenantPlugin } from './http/tenant';
import { startPeriodicTask, type PeriodicTask } from './kernel/periodic-task';
import { createLogger } from './logger';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { formRequestsRoutes } from './modules/applications/form-requests.routes';
import { authRoutes } from './modules/auth/auth.routes';
import type { ScryptParams } from './modules/auth/password';
import { healthRoutes } from './modules/health/health.routes';
import { esignRoutes } from './modules/esign/esign.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { createJobCartPreload } from './modules/job-cart/job-cart.preload';
import { createOffersListPreload } from './modules/offers/offers-list.preload';
import { offersRoutes } from './modules/offers/offers.routes';
import { adminOffersRoutes } from './modules/offers/offers.admin-routes';
import { adminWebhooksRoutes } from './modules/webhooks/webhooks.admin-routes';
import { jobCartRoutes } from './modules/job-cart/job-cart.routes';
import { createJobPageHead } from './modules/positions/job-page';
import { createPositionDetailsPreload } from './modules/positions/position-details.preload';
import { positionsRoutes } from './modules/positions/positions.routes';
import { positionsBulkAdminRoutes } from './modules/positions/positions-bulk.admin-routes';
import { adminPositionsRoutes } from './modules/positions/positions.admin-routes';
import { adminTenantSettingsRoutes } from './modules/tenants/tenant-settings.admin-routes';
import { adminApplicationsRoutes } from './modules/applications/applications.admin-routes';
import { adminBrandingRoutes } from './modules/tenants/branding.admin-routes';
import { adminInterviewsRoutes } from './modules/interviews/interviews.admin-routes';
import { adminEventsRoutes } from './modules/events/events.admin-routes';
import { adminReferralsRoutes } from './modules/referrals/referrals.admin-routes';
import { brandingRoutes } from './modules/tenants/branding.routes';
import { listenForPositionsChanges } from './modules/positions/positions-changes.listener';
import { savedJobsRoutes } from './modules/saved-jobs/saved-jobs.routes';
import { createSearchPreload } from './modules/search/search.preload';
import { placeSuggestionsRoutes } from './modules/search/place-suggestions.routes';
import { searchRoutes } from './modules/search/search.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { shellRoutes } from './modules/shell/shell.routes';
import { HINTED_MODULES } from './modules/shell/shell.hints';
import { loadShellTemplate } from './modules/shell/shell.template';
import { loadWebChunks } from './modules/shell/web-chunks';
import { createServices } from './services';
import { createEmailSender, smtpTransport, type EmailTransport } from './modules/email/email-sender';
import { devOutboxRoutes, unsubscribeRoutes } from './modules/email/email.routes';
import { listenForNotificationSignals } from './modules/notifications/notifications.listener';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { localNotificationSignals } from './modules/notifications/notifications.signals';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { createDashboardPreload } from './modules/dashboard/dashboard.preload';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createProfilePreload } from './modules/profile/profile.preload';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { guestAlertsRoutes } from './modules/saved-searches/guest-alerts.routes';
import { accountRoutes } from './modules/account/account.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { resumeRoutes } from './modules/resume/resume.routes';

/** 1 MB: larger JSON or form bodies answer 413 (uploads use multipart with their own limits). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: DestinationStream;
  clock?: Clock;
  /** Lower scrypt cost for tests only; production uses PRODUCTION_SCRYPT. */
  scrypt?: ScryptParams;
  rateLimits?: Partial<RateLimits>;
  /** Extra route plugins registered inside the site scope (tenant, session, CSRF), for tests. */
  extraSiteRoutes?: FastifyPluginAsync[];
  /** Extra route plugins registered inside the admin scope (API key, zod, audit), for tests. */
  extraAdminRoutes?: FastifyPluginAsync[];
  /**
   * Runs this process's background jobs (issue 10): the offer expiry sweep and the webhook dispatcher, at
   * start and then every BACKGROUND_INTERVAL_MS, stopped on close. main.ts turns it on; tests drive the
   * services themselves with their own clock.
   */
  backgroundJobs?: boolean;
  /** Where the email sender sends (tests); default SMTP when SMTP_URL is set, else no sender runs. */
  emailTransport?: EmailTransport;
}

export const BACKGROUND_INTERVAL_MS = { expirySweep: 60_000, webhookDispatch: 5_000, jobAlerts: 60_000 } as const;

/**
 * The whole HTTP application without listen(), so tests use inject(). Plugin order:
 * request id → request log → drain → security headers → forms → rate limits → errors → bare routes
 * (health, static files) → admin scope (API key → rate limit → audit → admin modules) → site scope (cookies → tenant → session → CSRF → modules).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, searchPerMinute: config.searchRateLimitPerMinute, ...options.rateLimits };
  const services = createServices(database, clock, options.scrypt, {
    webhooksAllowPrivate: config.webhooksAllowPrivate,
    email: config,
    // Called later, from background work: `app` exists by then.
    onBackgroundError: (error) => app.log.error({ err: error }, 'background job failed'),
  });

  const logger = createLogger(config.logLevel, options.logStream);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // One line per request comes from requestLogPlugin instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Errors raised before routing, in our JSON shape and without echoing the request (issue 8 §1).
    frameworkErrors,
    clientErrorHandler,
  });

  // Issue 8 §2: every process hears of position changes on PostgreSQL (NOTIFY) instead of only polling.
  if (database.dialect === 'postgres' && config.databaseUrl) {
    const listener = listenForPositionsChanges({ connectionString: config.databaseUrl, bus: services.positionsChanges, log: app.log });
    app.addHook('onClose', () => listener.close());
  }

  if (options.backgroundJobs) {
    // Started once listening: main.ts migrates the database between buildApp and listen.
    const report = (job: string) => (error: unknown) => app.log.error({ err: error, job }, 'background job failed');
    const jobs: PeriodicTask[] = [];
    app.addHook('onListen', async () => {
      jobs.push(
        // Expiries just written are announced at once rather than at the dispatcher's next pass (claims keep
        // the two passes from sending a row twice).
        startPeriodicTask(
          async () => {
            if ((await services.offers.expireDue()) > 0) await services.webhookDispatcher.runOnce();
            // Issue 11: data-export archives are kept 24 h.
            await services.dataExport.dropExpired();
          },
          BACKGROUND_INTERVAL_MS.expirySweep,
          report('offer-expiry'),
        ),
        startPeriodicTask(() => services.webhookDispatcher.runOnce(), BACKGROUND_INTERVAL_MS.webhookDispatch, report('webhook-dispatch')),
        // Issue 12: new and changed positions matched against saved searches, off every request path.
        startPeriodicTask(() => services.jobAlerts.runOnce(), config.jobAlertsIntervalMs ?? BACKGROUND_INTERVAL_MS.jobAlerts, report('job-alerts')),
      );
    });
    app.addHook('onClose', async () => {
      await Promise.all(jobs.map((job) => job.stop()));
    });
  }
  // Issue 12 "Live updates": created notifications reach this process's streams — on PostgreSQL from every
  // process through LISTEN/NOTIFY (sent on commit), on SQLite from this process's producer.
  services.notificationSignals.subscribe((signal) => {
    services.notificationStreams.deliver(signal).catch((error: unknown) => app.log.warn({ err: error }, 'notification could not be pushed to its streams'));
  });
  if (database.dialect === 'postgres' && config.databaseUrl) {
    const listener = listenForNotificationSignals({ connectionString: config.databaseUrl, bus: services.notificationSignals, log: app.log });
    app.addHook('onClose', () => listener.close());
  } else {
    const unsubscribe = localNotificationSignals.subscribe((signal) => services.notificationSignals.publish(signal));
    app.addHook('onClose', async () => {
      unsubscribe();
    });
  }
  // Open streams would hold close() until the hard exit: they end first, and browsers reconnect elsewhere.
  app.addHook('preClose', async () => {
    services.notificationStreams.closeAll();
  });

  // Issue 12: each process drains the email outbox when it has somewhere to send (SMTP_URL or a test transport).
  const transport = options.emailTransport ?? (config.smtpUrl ? await smtpTransport(config.smtpUrl) : null);
  if (transport) {
    const sender = createEmailSender({ repository: services.emailRepository, emails: services.emails, transport, from: config.emailFrom ?? 'Careers <no-reply@localhost>', clock, log: app.log });
    app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', () => sender.stop());
  }

  app.decorateRequest('tenant', null);
  app.decorateRequest('session', null);
  app.decorateRequest('csrfToken', '');
  app.decorateRequest('apiKey', null);

  await app.register(requestIdPlugin);
  if (logger.isLevelEnabled('info')) await app.register(requestLogPlugin);
  await app.register(drainPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix });
  await app.register(errorHandlerPlugin);

  // Bare routes: no tenant, no session, no database work beyond their own.
  await app.register(healthRoutes, { health: services.health });
  await app.register(staticFilesPlugin, { webDistDir: config.webDistDir });
  await app.register(brandingRoutes, { branding: services.branding });

  // The employer API (issue 10): beside the site scope, not in it — no cookies, no CSRF, no Host-based
  // tenant; the key names the tenant. A module's admin routes plugin (`*.admin-routes.ts`) registers here.
  await app.register(adminApiScope, {
    prefix: ADMIN_API_PREFIX,
    apiKeys: services.apiKeys,
    audit: services.adminAudit,
    clock,
    perMinute: limits.adminApiPerMinute,
    routes: async (admin) => {
      await admin.register(positionsBulkAdminRoutes, { positionBatch: services.positionBatch });
      await admin.register(adminOffersRoutes, { offers: services.offers, clock });
      await admin.register(adminWebhooksRoutes, { webhooks: services.webhooks });
      await admin.register(adminPositionsRoutes, { positions: services.positionsAdmin, positionWrites: services.positionWrites });
      await admin.register(adminTenantSettingsRoutes, { tenants: services.tenants });
      await admin.register(adminBrandingRoutes, { branding: services.branding });
      await admin.register(adminApplicationsRoutes, { applications: services.applications, formRequests: services.formRequests });
      await admin.register(adminInterviewsRoutes, { interviews: services.interviews });
      await admin.register(adminEventsRoutes, { events: services.events });
      await admin.register(adminReferralsRoutes, { referrals: services.referrals });
      for (const routes of options.extraAdminRoutes ?? []) await admin.register(routes);
    },
  });
  // The unsubscribe link's token is its authority: no session, no CSRF (RFC 8058 one-click POST).
  await app.register(unsubscribeRoutes, { emails: services.emails });

  const template = loadShellTemplate(config.webDistDir);
  if (template.isFallback) {
    app.log.warn({ webDistDir: config.webDistDir }, 'web index.html not found; serving the built-in shell template');
  } else if (template.missingPlaceholders.length > 0) {
    app.log.warn({ missing: template.missingPlaceholders }, 'web index.html lacks shell placeholders');
  }
  const chunks = loadWebChunks(config.webDistDir);
  const unknownModules = template.isFallback ? [] : chunks.unknown(HINTED_MODULES);
  if (unknownModules.length > 0) app.log.warn({ unknownModules }, 'web build manifest lacks modules the shell hints at');

  // The user store's hasResume and profileCompletionData (issue 11): the profile module's, one rule with the page.
  const profileStanding = (tenantId: string, candidateId: string) => services.profile.standing({ tenantId, candidateId });

  // The site scope: every route here knows its tenant, its session and enforces CSRF. A new module
  // registers its routes plugin in this list.
  await app.register(async (site) => {
    await site.register(cookie);
    await site.register(tenantPlugin, { tenants: services.tenants });
    await site.register(sessionsPlugin, { sessions: services.sessions, config });
    await site.register(csrfPlugin, { config });

    await site.register(authRoutes, { auth: services.auth, sessions: services.sessions, config, limits, profileStanding });
    await site.register(onboardingRoutes, { onboarding: services.onboarding, config, profileStanding });
    await site.register(offersRoutes, { offers: services.offers, clock, limits });
    await site.register(esignRoutes, { esign: services.esign });
    await site.register(searchRoutes, { search: services.search, tenants: services.tenants, config, limits });
    await site.register(placeSuggestionsRoutes, { search: services.search, limits });
    await site.register(positionsRoutes, { positions: services.positions });
    await site.register(savedJobsRoutes, { savedJobs: services.savedJobs });
    await site.register(jobCartRoutes, { jobCart: services.jobCart });
    await site.register(applicationsRoutes, { applications: services.applications, drafts: services.drafts, limits });
    await site.register(formRequestsRoutes, { formRequests: services.formRequests, limits });
    await site.register(seoRoutes, { seo: services.seo, config });
    await site.register(notificationsRoutes, { notifications: services.notifications, streams: services.notificationStreams });
    await site.register(passwordResetRoutes, { passwordReset: services.passwordReset, limits, config });
    await site.register(dashboardRoutes, { dashboard: services.dashboard, interviews: services.interviews, events: services.events, referrals: services.referrals });
    await site.register(savedSearchesRoutes, { savedSearches: services.savedSearches });
    await site.register(guestAlertsRoutes, { guestAlerts: services.guestAlerts, limits });
    await site.register(profileRoutes, { profile: services.profile, config });
    await site.register(resumeRoutes, { resumes: services.resumes, applications: services.applications, limits });
    if (config.nodeEnv !== 'production') await site.register(devOutboxRoutes, { emails: services.emails });
    await site.register(accountRoutes, { preferences: services.preferences, dataExport: services.dataExport, deletion: services.accountDeletion, config, limits });
    await site.register(shellRoutes, {
      template,
      config,
      chunks,
      ssrBudgetMs: config.ssrBudgetMs,
      pageHeads: [createJobPageHead({ positions: services.positions, config })],
      // Anonymous pages are shared until the tenant's positions change (issue 8 §3).
      contentVersion: (request) => services.positions.version(tenantOf(request)),
      preferences: (request) => (request.session ? services.preferences.get(request.session.candidate.tenantId, request.session.candidate.id) : Promise.resolve(null)),
      profileStanding,
      preloads: [
        createSearchPreload({ search: services.search, clock, perMinute: limits.searchPerMinute }),
        createPositionDetailsPreload({ positions: services.positions }),
        createOffersListPreload({ offers: services.offers, clock }),
        createJobCartPreload({ jobCart: services.jobCart }),
        createDashboardPreload({ dashboard: services.dashboard, applications: services.applications }),
        createProfilePreload({ profile: services.profile, resumes: services.resumes, config }),
      ],
    });
    for (const routes of options.extraSiteRoutes ?? []) await site.register(routes);
  });

  return app;
}
