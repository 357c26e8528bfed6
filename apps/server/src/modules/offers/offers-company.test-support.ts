import { offerApiPaths } from '@careers/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../db/database';
import type { TestClient } from '../../test/app';
import { TEST_UA } from './offers.test-support';
import type { Clock } from '../../clock';
import { createOffersRepository, offersTransaction } from './offers.repository';
import { createOffersService, type OffersService } from './offers.service';

/** Helpers of the company-side offer suites (issue 10): tenants and positions by name, a service on a clock. */

export async function tenantIdOf(database: Database, domain: string): Promise<string> {
  return (await database.db.selectFrom('tenants').select('id').where('domain', '=', domain).executeTakeFirstOrThrow()).id;
}

export async function positionOf(database: Database, tenantId: string): Promise<{ id: number; externalRef: string; title: string }> {
  return database.db.selectFrom('positions').select(['id', 'externalRef', 'title']).where('tenantId', '=', tenantId).orderBy('id').executeTakeFirstOrThrow();
}

export function offersServiceFor(database: Database, clock: Clock): OffersService {
  return createOffersService({ repository: createOffersRepository(database.db, database.dialect), transaction: offersTransaction(database), clock });
}

export const inHours = (clock: Clock, hours: number): string => new Date(clock.now().getTime() + hours * 3_600_000).toISOString();

/** Ada signs an offer's one letter inline, as her browser does (JSON body, CSRF by the client). */
export function signAsAda(ada: TestClient, offerId: string): Promise<LightMyRequestResponse> {
  return ada.request({ method: 'POST', url: offerApiPaths.accept(offerId), payload: { agreed: true, signature: 'Ada Lovelace' }, headers: { 'user-agent': TEST_UA } });
}
