import type { Kysely } from 'kysely';
import { applicationWebhooks } from './modules/applications/application-webhooks';
import { createApplicationsRepository } from './modules/applications/applications.repository';
import { createApplicationsService, type ApplicationsService } from './modules/applications/applications.service';
import { createDraftApplicationsService, type DraftApplicationsService } from './modules/applications/draft-applications.service';
import { createFormRequestsService, type FormRequestsService } from './modules/applications/form-requests.service';
import type { Clock } from './clock';
import type { Database, Dialect } from './db/database';
import type { DatabaseSchema } from './db/schema';
import type { AdminAuditLog } from './kernel/api-key';
import { createAdminAuditLog } from './modules/api-keys/admin-audit.repository';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { createApiKeysService, type ApiKeysService } from './modules/api-keys/api-keys.service';
import { createAuthService, type AuthRepositories, type AuthService } from './modules/auth/auth.service';
import { createCandidatesRepository } from './modules/auth/candidates.repository';
import { createLoginThrottleRepository } from './modules/auth/login-throttle.repository';
import { createPasswordHasher, type ScryptParams } from './modules/auth/password';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionsService, type SessionsService } from './modules/auth/sessions.service';
import { createHealthRepository } from './modules/health/health.repository';
import { createHealthService, type HealthService } from './modules/health/health.service';
import { createOnboardingRepository } from './modules/onboarding/onboarding.repository';
import { createOnboardingService, type OnboardingService } from './modules/onboarding/onboarding.service';
import { createEsignService, type EsignService } from './modules/esign/esign.service';
import { createEsignTokensService } from './modules/offers/esign-tokens.service';
import { createOffersRepository, offersTransaction } from './modules/offers/offers.repository';
import { createOffersService, type OffersService } from './modules/offers/offers.service';
import { createJobCartRepository } from './modules/job-cart/job-cart.repository';
import { createJobCartService, type JobCartService } from './modules/job-cart/job-cart.service';
import { createPositionsRepository } from './modules/positions/positions.repository';
import { createPositionsService, type PositionsService } from './modules/positions/positions.service';
import { createPositionsAdminRepository } from './modules/positions/positions-admin.repository';
import { createPositionsAdminService, type PositionsAdminService } from './modules/positions/positions-admin.service';
import { createPositionWritesService, type PositionWritesService } from './modules/positions/position-writes.service';
import { createPositionBatchService, type PositionBatchService } from './modules/positions/position-batch.service';
import { createPositionsChangeBus, type PositionsChangeBus } from './modules/positions/positions-changes';
import { createSavedJobsRepository } from './modules/saved-jobs/saved-jobs.repository';
import { createSavedJobsService, type SavedJobsService } from './modules/saved-jobs/saved-jobs.service';
import { createSearchRepository } from './modules/search/search.repository';
import { createSearchService, type SearchService } from './modules/search/search.service';
import { createSeoRepository } from './modules/seo/seo.repository';
import { createSeoService, type SeoService } from './modules/seo/seo.service';
import { createTenantsRepository } from './modules/tenants/tenants.repository';
import { createEmailRepository, type EmailRepository } from './modules/email/email.repository';
import { createEmailService, type EmailConfig, type EmailService } from './modules/email/email.service';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { createNotificationsService, type NotificationsService } from './modules/notifications/notifications.service';
import { createNotificationSignalBus, type NotificationSignalBus } from './modules/notifications/notifications.signals';
import { createNotificationStreams, type NotificationStreams } from './modules/notifications/notifications.streams';
import { createPasswordResetService, type PasswordResetService } from './modules/password-reset/password-reset.service';
import { sanitizeInChildProcess } from './modules/tenants/tenant-html.sanitizer';
import { createTenantsService, type TenantsService } from './modules/tenants/tenants.service';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/webhooks.service';
import { createWebhookDispatcher, type WebhookDispatcher } from './modules/webhooks/webhook-dispatcher';
import { createHttpSender } from './modules/webhooks/webhook-sender';
import { createBrandingImagesRepository } from './modules/tenants/branding-images.repository';
import { createBrandingImagesService, type BrandingImagesService } from './modules/tenants/branding-images.service';
import { createInterviewsRepository } from './modules/interviews/interviews.repository';
import { createInterviewsService, type InterviewsService } from './modules/interviews/interviews.service';
import { createEventsRepository } from './modules/events/events.repository';
import { createEventsService, type EventsService } from './modules/events/events.service';
import { createReferralsRepository } from './modules/referrals/referrals.repository';
import { createReferralsService, type ReferralsService } from './modules/referrals/referrals.service';
import { createDashboardService, type DashboardService } from './modules/dashboard/dashboard.service';
import { createSavedSearchesRepository } from './modules/saved-searches/saved-searches.repository';
import { createSavedSearchesService, type SavedSearchesService } from './modules/saved-searches/saved-searches.service';
import { createJobAlertsRepository } from './modules/saved-searches/job-alerts.repository';
import { createJobAlertsService, JOB_ALERTS_LEASE, type JobAlertsService } from './modules/saved-searches/job-alerts.service';
import { createSweepLease } from './db/sweep-lease';
import { createGuestAlertsService, type GuestAlertsService } from './modules/saved-searches/guest-alerts.service';
import { guestAlertsPersonalData } from './modules/saved-searches/guest-alerts.personal-data';
import type { PersonalDataContributor } from './kernel/personal-data';
import { createAccountDeletionService, type AccountDeletionService } from './modules/account/account-deletion.service';
import { dataExportsPersonalData, preferencesPersonalData } from './modules/account/account.personal-data';
import { profilePersonalData } from './modules/profile/profile.personal-data';
import { resumePersonalData } from './modules/resume/resume.personal-data';
import { createDataExportService, type DataExportService } from './modules/account/data-export.service';
import { createDataExportsRepository } from './modules/account/data-exports.repository';
import { createPreferencesRepository } from './modules/account/preferences.repository';
import { createPreferencesService, type PreferencesService } from './modules/account/preferences.service';
import { applicationsPersonalData, draftsPersonalData, formRequestsPersonalData } from './modules/applications/applications.personal-data';
import { accountPersonalData, sessionsPersonalData } from './modules/auth/account.personal-data';
import { emailOutboxPersonalData } from './modules/email/email.personal-data';
import { jobCartPersonalData } from './modules/job-cart/job-cart.personal-data';
import { notificationsPersonalData } from './modules/notifications/notifications.personal-data';
import { offersPersonalData } from './modules/offers/offers.personal-data';
import { savedJobsPersonalData } from './modules/saved-jobs/saved-jobs.personal-data';
import { createProfileRepository } from './modules/profile/profile.repository';
import { createProfileService, type ProfileService } from './modules/profile/profile.service';
import { resumeExtractPool } from './modules/resume/resume-extract.pool';
import { createResumeRepository } from './modules/resume/resume.repository';
import { createResumeService, type ResumeService } from './modules/resume/resume.service';

/** Every service of the app, wired once per process with real repositories. */
export interface Services {
  tenants: TenantsService;
  auth: AuthService;
  sessions: SessionsService;
  onboarding: OnboardingService;
  health: HealthService;
  offers: OffersService;
  esign: EsignService;
  search: SearchService;
  positions: PositionsService;
  /** Issue 8 §2: the one write path of positions, and the bus their changes reach this process's caches by. */
  positionWrites: PositionWritesService;
  /** Issue 10: many positions in one transaction (imports, the employer API's bulk upsert). */
  positionBatch: PositionBatchService;
  positionsChanges: PositionsChangeBus;
  /** Issue 10: positions as the employer API reads them. */
  positionsAdmin: PositionsAdminService;
  savedJobs: SavedJobsService;
  jobCart: JobCartService;
  seo: SeoService;
  /** Issue 9: applying, drafts and the forms center; the employer API (issue 10) calls `applications` too. */
  applications: ApplicationsService;
  drafts: DraftApplicationsService;
  formRequests: FormRequestsService;
  /** Issue 10: the employer API's keys and its audit log. */
  apiKeys: ApiKeysService;
  adminAudit: AdminAuditLog;
  /** Issue 10: a tenant's webhook endpoints and deliveries, and this process's sender of the outbox. */
  webhooks: WebhooksService;
  webhookDispatcher: WebhookDispatcher;
  /** Issue 10: the tenant's logo, favicon and hero image. */
  branding: BrandingImagesService;
  /** Issue 12: notifications, their live streams and the signals that feed them, email, password reset. */
  notifications: NotificationsService;
  notificationStreams: NotificationStreams;
  notificationSignals: NotificationSignalBus;
  emails: EmailService;
  emailRepository: EmailRepository;
  passwordReset: PasswordResetService;
  /** Issue 10: interviews, events and referrals — written by the employer, read by the candidate's dashboard. */
  interviews: InterviewsService;
  events: EventsService;
  referrals: ReferralsService;
  /** Issue 11: the dashboard's nudges (its tabs read the other modules' services). */
  dashboard: DashboardService;
  /** Issue 12: saved searches and the job-alert sweep over them. */
  savedSearches: SavedSearchesService;
  jobAlerts: JobAlertsService;
  guestAlerts: GuestAlertsService;
  /** Issue 11/13: the candidate's language, time zone and notification choices; their data's export and deletion. */
  preferences: PreferencesService;
  dataExport: DataExportService;
  accountDeletion: AccountDeletionService;
  /** Issue 11: the candidate's profile (profile_details, profile_edit). */
  profile: ProfileService;
  /** Issue 11: the candidate's resume (upload, text extraction, parsing). */
  resumes: ResumeService;
}

/**
 * Issue 11 "their own data": every module's personal data, in deletion order (a step runs before the steps of
 * rows it references; the account's anonymisation last). The export lists them in reverse: the account first.
 * A module that stores personal data adds its contributor here (kernel/personal-data.ts).
 */
export const PERSONAL_DATA: readonly PersonalDataContributor[] = [
  preferencesPersonalData,
  dataExportsPersonalData,
  notificationsPersonalData,
  emailOutboxPersonalData,
  guestAlertsPersonalData,
  savedJobsPersonalData,
  jobCartPersonalData,
  draftsPersonalData,
  formRequestsPersonalData,
  resumePersonalData,
  applicationsPersonalData,
  offersPersonalData,
  profilePersonalData,
  sessionsPersonalData,
  accountPersonalData,
];

/** What the services read from the configuration beyond the database (optional: tests pass none). */
export interface ServicesOptions {
  webhooksAllowPrivate?: boolean;
  /** Issue 12: what emails need of the configuration (links, unsubscribe tokens). */
  email: EmailConfig;
  /** Issue 11: where a failed background job (a data export) is reported. */
  onBackgroundError?: (error: unknown) => void;
}

export function authRepositories(db: Kysely<DatabaseSchema>, dialect: Dialect): AuthRepositories {
  return {
    candidates: createCandidatesRepository(db, dialect),
    sessions: createSessionsRepository(db),
    throttle: createLoginThrottleRepository(db),
  };
}

export function createServices(database: Database, clock: Clock, scrypt: ScryptParams | undefined, options: ServicesOptions): Services {
  const { db } = database;
  const allowPrivate = options.webhooksAllowPrivate ?? false;
  const webhooksRepository = createWebhooksRepository(db, database.dialect);
  const notificationsRepository = createNotificationsRepository(db);
  const emailRepository = createEmailRepository(db, database.dialect);
  const hasher = createPasswordHasher(scrypt);
  const offersRepository = createOffersRepository(db, database.dialect);
  const offers = createOffersService({
    repository: offersRepository,
    transaction: offersTransaction(database),
    clock,
  });
  const savedSearches = createSavedSearchesService({
    repository: createSavedSearchesRepository(db, database.dialect),
    transaction: (work) => db.transaction().execute((trx) => work(createSavedSearchesRepository(trx, database.dialect))),
    clock,
  });
  const search = createSearchService({
    repository: createSearchRepository(db, database.dialect),
    positions: createPositionsRepository(db),
    dialect: database.dialect,
    clock,
    savedSearches,
  });
  const positions = createPositionsService({ repository: createPositionsRepository(db), clock });
  const positionsChanges = createPositionsChangeBus();
  positionsChanges.subscribe((change) => search.applyChange(change));
  positionsChanges.subscribe((change) => positions.applyChange(change));
  const resumes = createResumeService({
    repository: createResumeRepository(db),
    transaction: (work) => db.transaction().execute((trx) => work(createResumeRepository(trx))),
    extract: (bytes) => resumeExtractPool().run(bytes),
    clock,
  });
  const tenants = createTenantsService({ repository: createTenantsRepository(db), clock, sanitizer: sanitizeInChildProcess });
  const services: Omit<Services, 'dashboard'> = {
    tenants,
    auth: createAuthService({
      repositories: authRepositories(db, database.dialect),
      transaction: (work) => db.transaction().execute((trx) => work(authRepositories(trx, database.dialect))),
      hasher,
      clock,
    }),
    sessions: createSessionsService({ repository: createSessionsRepository(db), clock }),
    onboarding: createOnboardingService({ repository: createOnboardingRepository(db), clock }),
    health: createHealthService(createHealthRepository(db)),
    offers,
    esign: createEsignService({ offers, esignTokens: createEsignTokensService({ repository: offersRepository, clock }), clock }),
    search,
    positions,
    positionWrites: createPositionWritesService({ database, bus: positionsChanges, clock }),
    positionBatch: createPositionBatchService({ database, bus: positionsChanges, clock }),
    positionsChanges,
    positionsAdmin: createPositionsAdminService({ repository: createPositionsAdminRepository(db) }),
    savedJobs: createSavedJobsService({
      repositories: { savedJobs: createSavedJobsRepository(db, database.dialect), positions: createPositionsRepository(db) },
      transaction: (work) =>
        db.transaction().execute((trx) => work({ savedJobs: createSavedJobsRepository(trx, database.dialect), positions: createPositionsRepository(trx) })),
      clock,
    }),
    jobCart: createJobCartService({
      repository: createJobCartRepository(db, database.dialect),
      transaction: (work) => db.transaction().execute((trx) => work(createJobCartRepository(trx, database.dialect))),
      clock,
    }),
    seo: createSeoService({ repository: createSeoRepository(db) }),
    applications: createApplicationsService({
      repository: createApplicationsRepository(db, database.dialect),
      // Webhooks (issue 10): application.submitted / withdrawn deliveries commit with the application.
      transaction: (work) =>
        db.transaction().execute((trx) => work({ repository: createApplicationsRepository(trx, database.dialect), outbox: applicationWebhooks(trx) })),
      clock,
    }),
    drafts: createDraftApplicationsService({ repository: createApplicationsRepository(db, database.dialect), clock }),
    formRequests: createFormRequestsService({
      repository: createApplicationsRepository(db, database.dialect),
      transaction: (work) => db.transaction().execute((trx) => work(createApplicationsRepository(trx, database.dialect))),
      clock,
    }),
    apiKeys: createApiKeysService({ repository: createApiKeysRepository(db), clock }),
    adminAudit: createAdminAuditLog(db),
    webhooks: createWebhooksService({ repository: webhooksRepository, clock, allowPrivate }),
    webhookDispatcher: createWebhookDispatcher({ repository: webhooksRepository, clock, send: createHttpSender({ allowPrivate }) }),
    branding: createBrandingImagesService({
      repository: createBrandingImagesRepository(db),
      tenants,
      transaction: (work) => db.transaction().execute((trx) => work({ images: createBrandingImagesRepository(trx), tenants: createTenantsRepository(trx) })),
      clock,
    }),
    notifications: createNotificationsService({ repository: notificationsRepository }),
    notificationStreams: createNotificationStreams({ repository: notificationsRepository }),
    notificationSignals: createNotificationSignalBus(),
    emails: createEmailService({ repository: emailRepository, config: options.email }),
    emailRepository,
    passwordReset: createPasswordResetService({ db, dialect: database.dialect, hasher, clock }),
    interviews: createInterviewsService({
      repository: createInterviewsRepository(db, database.dialect),
      // The interview, the candidate's notification and the webhook deliveries commit together.
      transaction: (work) => db.transaction().execute((trx) => work(createInterviewsRepository(trx, database.dialect))),
      clock,
    }),
    events: createEventsService({
      repository: createEventsRepository(db, database.dialect),
      transaction: (work) => db.transaction().execute((trx) => work(createEventsRepository(trx, database.dialect))),
      clock,
    }),
    referrals: createReferralsService({ repository: createReferralsRepository(db), clock }),
    savedSearches,
    // Issue 12 (left over): one process of the deployment sweeps at a time (a lease row, db/sweep-lease.ts).
    jobAlerts: createJobAlertsService({
      repository: createJobAlertsRepository(database),
      search,
      tenants,
      clock,
      lease: createSweepLease(db, { ...JOB_ALERTS_LEASE, clock, onRenewFailure: options.onBackgroundError }),
    }),
    guestAlerts: createGuestAlertsService({ db, dialect: database.dialect, clock }),
    preferences: createPreferencesService({
      repository: createPreferencesRepository(db),
      transaction: (work) => db.transaction().execute((trx) => work(createPreferencesRepository(trx))),
      clock,
    }),
    dataExport: createDataExportService({ db, repository: createDataExportsRepository(db), contributors: PERSONAL_DATA, clock, onError: options.onBackgroundError }),
    accountDeletion: createAccountDeletionService({ db, dialect: database.dialect, contributors: PERSONAL_DATA, verifyPassword: (password, stored) => hasher.verify(password, stored), clock }),
    profile: createProfileService({
      repository: createProfileRepository(db, database.dialect),
      transaction: (work) => db.transaction().execute((trx) => work(createProfileRepository(trx, database.dialect))),
      clock,
      currentResume: (tenantId, candidateId) => resumes.current(tenantId, candidateId),
    }),
    resumes,
  };
  return { ...services, dashboard: createDashboardServiceFor(services, db, clock) };
}

/** Issue 11: the dashboard reads the other modules' services; its own work is the nudges. */
function createDashboardServiceFor(services: Omit<Services, 'dashboard'>, db: Kysely<DatabaseSchema>, clock: Clock): DashboardService {
  const positionsRepository = createPositionsRepository(db);
  return createDashboardService({
    // The user store's completion and resume: the profile's, by the profile page's own rule.
    profileFacts: (tenant, candidate) => services.profile.standing({ tenantId: tenant.id, candidateId: candidate.id }),
    matchProfile: async (tenant, candidate) => {
      const profile = await positionsRepository.findCandidateProfile(tenant.id, candidate.id);
      return { skills: profile?.skills ?? [], title: profile?.title ?? null, location: candidate.location };
    },
    search: services.search,
    applications: services.applications,
    drafts: services.drafts,
    offers: services.offers,
    formRequests: services.formRequests,
    clock,
  });
}
