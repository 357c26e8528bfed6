import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { affectedRows, removeOwnedRows, type PersonalDataContributor } from '../../kernel/personal-data';

/** The address a deleted account's rows keep: unique per candidate, never deliverable (RFC 2606 .invalid). */
export function deletedAccountEmail(candidateId: string): string {
  return `deleted-${candidateId}@deleted.invalid`;
}

/**
 * Issue 11: the account itself. Deleting keeps the row as an anonymised tombstone — applications and
 * signed offers the company must keep still reference it — with no name, address, location, avatar or
 * usable password (a hash no password matches). Runs last: the steps before it may read the email.
 */
export const accountPersonalData: PersonalDataContributor = {
  section: 'account',
  async exportData(db, owner) {
    const row = await db
      .selectFrom('candidates')
      .select(['id', 'email', 'firstName', 'lastName', 'location', 'avatarPath', 'isOnboarded', 'isBootstrapped', 'emailNotifications', 'createdAt', 'updatedAt'])
      .where('tenantId', '=', owner.tenantId)
      .where('id', '=', owner.candidateId)
      .executeTakeFirst();
    if (!row) return { data: null };
    return {
      data: { ...row, isOnboarded: row.isOnboarded === 1, isBootstrapped: row.isBootstrapped === 1, emailNotifications: row.emailNotifications === 1 },
    };
  },
  async erase(trx, owner) {
    const result = await trx
      .updateTable('candidates')
      .set({
        email: deletedAccountEmail(owner.candidateId),
        // Not a scrypt$… hash: password.ts cannot parse it, so no password ever matches.
        passwordHash: `deleted$${randomBytes(16).toString('base64url')}`,
        firstName: '',
        lastName: '',
        location: null,
        avatarPath: null,
        isAdmin: 0,
        isThemeBuilderUser: 0,
        emailNotifications: 0,
        updatedAt: new Date().toISOString(),
      })
      .where('tenantId', '=', owner.tenantId)
      .where('id', '=', owner.candidateId)
      .executeTakeFirst();
    return { removed: 0, kept: affectedRows(result) };
  },
};

const escapeLike = (text: string) => text.replace(/[!%_]/g, (character) => `!${character}`);

/**
 * Signed-in devices, sign-in throttling by the account's address, and password-reset tokens. Deleting them
 * ends every session of the account at once.
 */
export const sessionsPersonalData: PersonalDataContributor = {
  section: 'sessions',
  async exportData(db, owner) {
    const sessions = await db
      .selectFrom('sessions')
      .select(['publicId', 'createdAt', 'lastSeenAt', 'expiresAt', 'userAgent', 'ip'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('createdAt')
      .execute();
    const passwordResets = await db
      .selectFrom('passwordResetTokens')
      .select(['createdAt', 'expiresAt', 'usedAt'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('createdAt')
      .execute();
    return { data: { devices: sessions, passwordResets } };
  },
  async erase(trx, owner) {
    const owned = [await removeOwnedRows(trx, 'sessions', owner), await removeOwnedRows(trx, 'passwordResetTokens', owner)];
    const results = await Promise.all([
      // Throttle keys (login-throttle.ts): the account's address, and "@address <ip> <email>" pairs.
      trx
        .deleteFrom('loginThrottle')
        .where('tenantId', '=', owner.tenantId)
        .where((eb) => eb.or([eb('email', '=', owner.email), sql<boolean>`${eb.ref('email')} like ${`@address % ${escapeLike(owner.email)}`} escape '!'`]))
        .executeTakeFirst(),
    ]);
    return { removed: affectedRows(results) + owned.reduce((sum, count) => sum + count.removed, 0), kept: 0 };
  },
};
