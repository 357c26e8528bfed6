import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { canonicalSearchParams, GUEST_ALERT_CONFIRM_DAYS, GUEST_ALERTS_PER_EMAIL, GuestAlertMessages } from '@careers/contracts';
import { negotiateLocale } from '@careers/i18n/locale-list';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { emailLanguage, enqueueEmail } from '../email/email-outbox';
import type { Tenant } from '../tenants/tenants.service';
import { createGuestAlertsRepository, type GuestAlertRow } from './guest-alerts.repository';
import { parseSavedSearch } from './saved-searches.service';

/** spec §3: loggedOutNotificationConfig.enabled offers job alerts to signed-out visitors. */
export function areGuestAlertsEnabled(tenant: Pick<Tenant, 'config'>): boolean {
  return tenant.config.pcsxConfig.loggedOutNotificationConfig.enabled;
}

export const hashGuestToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const normalizeGuestEmail = (email: string): string => email.trim().toLowerCase();

export interface GuestSubscribeInput {
  email: string;
  search: string;
  /** The page's locale, then the browser's languages. */
  locale?: string | undefined;
  acceptLanguage?: string | undefined;
}

export interface GuestAlertsService {
  /**
   * Stores a pending alert and queues its one confirmation email, unless the address already has this search
   * (confirmed: nothing; pending: a new link) or its GUEST_ALERTS_PER_EMAIL alerts. Silent either way: the
   * caller answers the same whatever happened. 404 where the tenant does not offer guest alerts.
   */
  subscribe(tenant: Tenant, input: GuestSubscribeInput): Promise<void>;
  /** The alert a confirmation token names on this tenant (for the confirmation page's language), or null. */
  find(tenant: Tenant, token: string): Promise<GuestAlertRow | null>;
  /** Confirms a pending, unexpired alert; true also when it was confirmed already. */
  confirm(tenant: Tenant, token: string): Promise<boolean>;
}

export function createGuestAlertsService(deps: { db: Kysely<DatabaseSchema>; dialect: Dialect; clock: Clock }): GuestAlertsService {
  const { db, dialect, clock } = deps;
  const pendingSince = (now: Date) => new Date(now.getTime() - GUEST_ALERT_CONFIRM_DAYS * 86_400_000).toISOString();
  const ensureEnabled = (tenant: Tenant) => {
    if (!areGuestAlertsEnabled(tenant)) throw new NotFoundError(GuestAlertMessages.disabled);
  };
  return {
    async subscribe(tenant, input) {
      ensureEnabled(tenant);
      const search = canonicalSearchParams(parseSavedSearch(input.search));
      const email = normalizeGuestEmail(input.email);
      const language = (input.locale ? negotiateLocale(input.locale) : null) ?? negotiateLocale(input.acceptLanguage) ?? emailLanguage(null);
      const now = clock.now();
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const repository = createGuestAlertsRepository(trx, dialect);
        // Racing subscribes to one address wait here: the count below sees every alert the others made.
        await repository.lockAddress(tenant.id, email);
        const active = await repository.active(tenant.id, email, pendingSince(now));
        const same = active.find((row) => row.search === search);
        if (same?.status === 'confirmed') return;
        if (!same && active.length >= GUEST_ALERTS_PER_EMAIL) return;
        const token = randomBytes(32).toString('base64url');
        if (same) {
          await repository.renewToken(tenant.id, same.id, hashGuestToken(token), at);
        } else {
          await repository.insert({
            id: randomUUID(),
            tenantId: tenant.id,
            email,
            search,
            locale: language,
            tokenHash: hashGuestToken(token),
            status: 'pending',
            createdAt: at,
            confirmedAt: null,
            unsubscribedAt: null,
            checkedThrough: at,
            lastAlertOn: null,
          });
        }
        await enqueueEmail(trx, { tenantId: tenant.id, candidateId: null, toAddress: email, template: 'guest_alert_confirm', params: { token }, language, at });
      });
    },

    async find(tenant, token) {
      return createGuestAlertsRepository(db, dialect).findByToken(tenant.id, hashGuestToken(token));
    },

    async confirm(tenant, token) {
      const now = clock.now();
      const repository = createGuestAlertsRepository(db, dialect);
      if (await repository.confirm(tenant.id, hashGuestToken(token), pendingSince(now), now.toISOString())) return true;
      return (await repository.findByToken(tenant.id, hashGuestToken(token)))?.status === 'confirmed';
    },
  };
}
