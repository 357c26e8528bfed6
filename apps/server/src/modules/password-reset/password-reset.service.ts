import { createHash, randomBytes } from 'node:crypto';
import { isSupportedLocale, negotiateLocale } from '@careers/i18n/locale-list';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DatabaseSchema } from '../../db/schema';
import { ValidationError } from '../../errors';
import { createCandidatesRepository } from '../auth/candidates.repository';
import type { PasswordHasher } from '../auth/password';
import { createSessionsRepository } from '../auth/sessions.repository';
import type { Dialect } from '../../db/database';
import { emailLanguage, enqueueEmail } from '../email/email-outbox';
import { PASSWORD_RESET_TTL_MINUTES } from '../email/email-templates';
import { createPasswordResetRepository } from './password-reset.repository';

/** At most this many reset emails per address per hour (more requests answer the same and send nothing). */
export const RESET_EMAILS_PER_HOUR = 3;
/**
 * Every forgot answer takes at least this long, whether an email was queued or not, so timing does not
 * tell whether an account exists (the work itself is a lookup and, for a known address, two inserts).
 */
export const FORGOT_MIN_MS = 300;

export const PasswordResetMessages = {
  invalidToken: 'This reset link is not valid or has expired. Ask for a new one.',
} as const;

/** The language the visitor asked in (issue 13): the page's own, then the browser's Accept-Language. */
export interface ResetRequestLocale {
  /** The locale of the page the visitor used (the form sends it). */
  page?: string | undefined;
  acceptLanguage?: string | undefined;
}

/**
 * The reset email's language: the page the visitor asked from, then the candidate's saved language, then the
 * browser's languages, then `en` (tenants have no default of their own yet).
 */
export function resetEmailLanguage(request: ResetRequestLocale, saved: string | null | undefined): string {
  return (request.page ? negotiateLocale(request.page) : null) ?? (saved && isSupportedLocale(saved) ? saved : null) ?? negotiateLocale(request.acceptLanguage) ?? emailLanguage(null);
}

export interface PasswordResetService {
  /** Queues a reset email when the tenant has that address and its hourly allowance is not spent; answers the same either way. */
  forgot(tenantId: string, email: string, locale?: ResetRequestLocale): Promise<void>;
  /** Sets the password, uses the token up and ends every session of the candidate. Returns the candidate's id. */
  reset(tenantId: string, token: string, password: string): Promise<string>;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPasswordResetService(deps: {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  hasher: PasswordHasher;
  clock: Clock;
  minimumMs?: number;
}): PasswordResetService {
  const { db, dialect, clock } = deps;

  async function queueIfKnown(tenantId: string, email: string, locale: ResetRequestLocale): Promise<void> {
    const found = await createCandidatesRepository(db, dialect).findByEmail(tenantId, email);
    if (!found) return;
    const now = clock.now();
    const candidateId = found.candidate.id;
    await db.transaction().execute(async (trx) => {
      const tokens = createPasswordResetRepository(trx);
      if ((await tokens.countSince(tenantId, candidateId, new Date(now.getTime() - 3_600_000).toISOString())) >= RESET_EMAILS_PER_HOUR) return;
      const token = randomBytes(32).toString('base64url');
      await tokens.insert({
        tokenHash: hashToken(token),
        tenantId,
        candidateId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
      });
      const saved = await trx.selectFrom('candidatePreferences').select('locale').where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).executeTakeFirst();
      const language = resetEmailLanguage(locale, saved?.locale);
      await enqueueEmail(trx, { tenantId, candidateId, toAddress: found.candidate.email, template: 'password_reset', params: { token }, language, at: now.toISOString() });
    });
  }

  return {
    async forgot(tenantId, email, locale = {}) {
      await Promise.all([queueIfKnown(tenantId, email, locale), delay(deps.minimumMs ?? FORGOT_MIN_MS)]);
    },

    async reset(tenantId, token, password) {
      // Hashed before the transaction: scrypt is slow and must not hold the database.
      const passwordHash = await deps.hasher.hash(password);
      return db.transaction().execute(async (trx) => {
        const now = clock.now().toISOString();
        const tokens = createPasswordResetRepository(trx);
        const candidateId = await tokens.consume(tenantId, hashToken(token), now);
        if (!candidateId) throw new ValidationError({ token: PasswordResetMessages.invalidToken }, PasswordResetMessages.invalidToken);
        await tokens.consumeAllFor(tenantId, candidateId, now);
        await createCandidatesRepository(trx, dialect).updatePasswordHash(tenantId, candidateId, passwordHash, now);
        await createSessionsRepository(trx).deleteForCandidate(candidateId);
        return candidateId;
      });
    },
  };
}
