import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, Dialect } from '../database';
import * as initial from './0001-initial';
import * as search from './0002-search';
import * as offers from './0003-offers';
import * as searchTerms from './0004-search-terms';
import * as tenantHtml from './0005-tenant-html';
import * as searchPostings from './0006-search-postings';
import * as tenantOrigins from './0007-tenant-origins';
import * as adminApi from './0008-admin-api';
import * as webhooks from './0009-webhooks';
import * as applications from './0010-applications';
import * as notifications from './0011-notifications';
import * as interviewsEventsReferrals from './0014-interviews-events-referrals';
import * as savedSearches from './0015-saved-searches';
import * as candidatePreferences from './0016-candidate-preferences';
import * as guestAlerts from './0017-guest-alerts';
import * as profile from './0012-profile';
import * as candidateResumes from './0013-candidate-resumes';
import * as sweepLeases from './0018-sweep-leases';

/**
 * Migrations listed in code, not globbed from disk, because the server ships as one bundle. Add a
 * file `NNNN-name.ts` exporting `up(db, dialect)` (and `down`) and list it here; names sort in order.
 */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': {
      up: (db: Kysely<unknown>) => initial.up(db, dialect),
      down: (db: Kysely<unknown>) => initial.down(db),
    },
    '0002-search': {
      up: (db: Kysely<unknown>) => search.up(db, dialect),
      down: (db: Kysely<unknown>) => search.down(db, dialect),
    },
    '0003-offers': {
      up: (db: Kysely<unknown>) => offers.up(db, dialect),
      down: (db: Kysely<unknown>) => offers.down(db, dialect),
    },
    '0004-search-terms': {
      up: (db: Kysely<unknown>) => searchTerms.up(db, dialect),
      down: (db: Kysely<unknown>) => searchTerms.down(db, dialect),
    },
    '0005-tenant-html': {
      up: (db: Kysely<unknown>) => tenantHtml.up(db),
      down: (db: Kysely<unknown>) => tenantHtml.down(db),
    },
    '0006-search-postings': {
      up: (db: Kysely<unknown>) => searchPostings.up(db, dialect),
      down: (db: Kysely<unknown>) => searchPostings.down(db, dialect),
    },
    '0007-tenant-origins': {
      up: (db: Kysely<unknown>) => tenantOrigins.up(db),
      down: (db: Kysely<unknown>) => tenantOrigins.down(db),
    },
    '0008-admin-api': {
      up: (db: Kysely<unknown>) => adminApi.up(db, dialect),
      down: (db: Kysely<unknown>) => adminApi.down(db),
    },
    '0009-webhooks': {
      up: (db: Kysely<unknown>) => webhooks.up(db),
      down: (db: Kysely<unknown>) => webhooks.down(db),
    },
    '0010-applications': {
      up: (db: Kysely<unknown>) => applications.up(db, dialect),
      down: (db: Kysely<unknown>) => applications.down(db),
    },
    '0011-notifications': {
      up: (db: Kysely<unknown>) => notifications.up(db),
      down: (db: Kysely<unknown>) => notifications.down(db),
    },
    '0014-interviews-events-referrals': {
      up: (db: Kysely<unknown>) => interviewsEventsReferrals.up(db),
      down: (db: Kysely<unknown>) => interviewsEventsReferrals.down(db),
    },
    '0015-saved-searches': {
      up: (db: Kysely<unknown>) => savedSearches.up(db),
      down: (db: Kysely<unknown>) => savedSearches.down(db),
    },
    '0016-candidate-preferences': {
      up: (db: Kysely<unknown>) => candidatePreferences.up(db, dialect),
      down: (db: Kysely<unknown>) => candidatePreferences.down(db),
    },
    '0017-guest-alerts': {
      up: (db: Kysely<unknown>) => guestAlerts.up(db),
      down: (db: Kysely<unknown>) => guestAlerts.down(db),
    },
    '0012-profile': {
      up: (db: Kysely<unknown>) => profile.up(db),
      down: (db: Kysely<unknown>) => profile.down(db),
    },
    '0013-candidate-resumes': {
      up: (db: Kysely<unknown>) => candidateResumes.up(db),
      down: (db: Kysely<unknown>) => candidateResumes.down(db),
    },
    '0018-sweep-leases': {
      up: (db: Kysely<unknown>) => sweepLeases.up(db),
      down: (db: Kysely<unknown>) => sweepLeases.down(db),
    },
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrationsFor(this.dialect));
  }
}

export class MigrationFailedError extends Error {
  override name = 'MigrationFailedError';
}

/** Runs pending migrations; returns the names applied. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  // Without the camel-case plugin: migration SQL names columns snake_case directly.
  const migrator = new Migrator({
    db: database.db.withoutPlugins() as Kysely<unknown>,
    provider: new InCodeMigrationProvider(database.dialect),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    throw new MigrationFailedError(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}
