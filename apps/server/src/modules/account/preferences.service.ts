import { PreferenceMessages, type CandidatePreferences, type UpdatePreferencesRequest } from '@careers/contracts';
import { DEFAULT_LOCALE, PSEUDO_LOCALE, isPseudoLocale, isRtlLocale, isSupportedLocale, negotiateLocale, resolveLocale } from '@careers/i18n/locale-list';
import type { Clock } from '../../clock';
import { NotFoundError, ValidationError } from '../../errors';
import type { PreferencesRepository } from './preferences.repository';

/** The runtime's IANA zones, and UTC (which some runtimes leave out of supportedValuesOf). */
let zones: Set<string> | undefined;
export function isKnownTimeZone(zone: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return zones.has(zone);
}

/** Where a page's language comes from (issue 13 "Locale choice"), first to last. */
export interface LocaleInputs {
  /** ?hl= */
  hl?: string | undefined;
  /** The signed-in candidate's saved choice. */
  saved?: string | null | undefined;
  acceptLanguage?: string | undefined;
  /** The tenant's default language (en until tenants configure one). */
  tenantDefault?: string | undefined;
}

export interface PageLocale {
  code: string;
  dir: 'ltr' | 'rtl';
}

/**
 * Issue 13: the `hl` parameter, then the signed-in candidate's saved preference, then the browser's
 * Accept-Language, then the tenant's default. An `hl` that names no language of ours is passed over, not
 * trusted into `<html lang>`.
 */
export function choosePageLocale({ hl, saved, acceptLanguage, tenantDefault }: LocaleInputs): PageLocale {
  // The pseudo-locale (layout testing) only when asked for by name: never from a saved choice or a browser.
  const fromHl = hl ? (isPseudoLocale(hl) ? PSEUDO_LOCALE : negotiateLocale(hl)) : null;
  const code = fromHl ?? (saved && isSupportedLocale(saved) ? saved : null) ?? negotiateLocale(acceptLanguage) ?? resolveLocale(tenantDefault ?? DEFAULT_LOCALE);
  return { code, dir: isRtlLocale(code) ? 'rtl' : 'ltr' };
}

export interface PreferencesService {
  get(tenantId: string, candidateId: string): Promise<CandidatePreferences>;
  /** Validates and saves in one transaction; an unknown locale or zone is a 400 naming the field. */
  update(tenantId: string, candidateId: string, input: UpdatePreferencesRequest): Promise<CandidatePreferences>;
}

export interface PreferencesServiceDeps {
  repository: PreferencesRepository;
  transaction: <T>(work: (repository: PreferencesRepository) => Promise<T>) => Promise<T>;
  clock: Clock;
}

export function createPreferencesService({ repository, transaction, clock }: PreferencesServiceDeps): PreferencesService {
  return {
    async get(tenantId, candidateId) {
      const found = await repository.find(tenantId, candidateId);
      if (!found) throw new NotFoundError();
      return found;
    },

    async update(tenantId, candidateId, input) {
      const fields: Record<string, string> = {};
      if (input.locale && !isSupportedLocale(input.locale)) fields.locale = PreferenceMessages.unknownLocale;
      if (input.timeZone && !isKnownTimeZone(input.timeZone)) fields.timeZone = PreferenceMessages.unknownTimeZone;
      if (Object.keys(fields).length > 0) throw new ValidationError(fields);
      return transaction(async (trx) => {
        const current = await trx.find(tenantId, candidateId);
        if (!current) throw new NotFoundError();
        const next: CandidatePreferences = {
          locale: input.locale === undefined ? current.locale : input.locale,
          timeZone: input.timeZone === undefined ? current.timeZone : input.timeZone,
          emailNotifications: input.emailNotifications ?? current.emailNotifications,
          inAppNotifications: input.inAppNotifications ?? current.inAppNotifications,
        };
        if (!(await trx.save(tenantId, candidateId, next, clock.now().toISOString()))) throw new NotFoundError();
        return next;
      });
    },
  };
}
