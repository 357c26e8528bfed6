import type { Kysely } from 'kysely';
import type { Clock } from './clock';
import type { Database, Dialect } from './db/database';
import type { DatabaseSchema } from './db/schema';
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
import { createPositionWritesService, type PositionWritesService } from './modules/positions/position-writes.service';
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
  positionsChanges: PositionsChangeBus;
  savedJobs: SavedJobsService;
  jobCart: JobCartService;
  seo: SeoService;
  /** Issue 12: notifications, their live streams and the signals that feed them, email, password reset. */
  notifications: NotificationsService;
  notificationStreams: NotificationStreams;
  notificationSignals: NotificationSignalBus;
  emails: EmailService;
  emailRepository: EmailRepository;
  passwordReset: PasswordResetService;
}

export function authRepositories(db: Kysely<DatabaseSchema>, dialect: Dialect): AuthRepositories {
  return {
    candidates: createCandidatesRepository(db, dialect),
    sessions: createSessionsRepository(db),
    throttle: createLoginThrottleRepository(db),
  };
}

export function createServices(database: Database, clock: Clock, scrypt: ScryptParams | undefined, emailConfig: EmailConfig): Services {
  const { db } = database;
  const notificationsRepository = createNotificationsRepository(db);
  const emailRepository = createEmailRepository(db, database.dialect);
  const hasher = createPasswordHasher(scrypt);
  const offersRepository = createOffersRepository(db, database.dialect);
  const offers = createOffersService({
    repository: offersRepository,
    transaction: offersTransaction(database),
    clock,
  });
  const search = createSearchService({
    repository: createSearchRepository(db, database.dialect),
    positions: createPositionsRepository(db),
    dialect: database.dialect,
    clock,
  });
  const positions = createPositionsService({ repository: createPositionsRepository(db), clock });
  const positionsChanges = createPositionsChangeBus();
  positionsChanges.subscribe((change) => search.applyChange(change));
  positionsChanges.subscribe((change) => positions.applyChange(change));
  return {
    tenants: createTenantsService({ repository: createTenantsRepository(db), clock, sanitizer: sanitizeInChildProcess }),
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
    positionsChanges,
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
    notifications: createNotificationsService({ repository: notificationsRepository }),
    notificationStreams: createNotificationStreams({ repository: notificationsRepository }),
    notificationSignals: createNotificationSignalBus(),
    emails: createEmailService({ repository: emailRepository, config: emailConfig }),
    emailRepository,
    passwordReset: createPasswordResetService({ db, dialect: database.dialect, hasher, clock }),
  };
}
