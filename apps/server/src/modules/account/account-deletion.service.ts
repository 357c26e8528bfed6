import { DeletionMessages, type DeleteAccountResponse } from '@careers/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { lockCandidate } from '../../db/candidate-lock';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import type { DataOwner, DeletionCount, PersonalDataContributor } from '../../kernel/personal-data';

export interface AccountDeletionService {
  /**
   * Deletes the account after checking the confirmation (the account's email, or its password), in one
   * transaction: every module's step in registry order, then the deletion record. Every session ends with it.
   */
  deleteAccount(owner: DataOwner, confirmation: string): Promise<DeleteAccountResponse>;
}

export interface AccountDeletionServiceDeps {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  contributors: readonly PersonalDataContributor[];
  verifyPassword: (password: string, stored: string) => Promise<boolean>;
  clock: Clock;
}

export function createAccountDeletionService({ db, dialect, contributors, verifyPassword, clock }: AccountDeletionServiceDeps): AccountDeletionService {
  return {
    async deleteAccount(owner, confirmation) {
      const stored = await db.selectFrom('candidates').select(['email', 'passwordHash']).where('tenantId', '=', owner.tenantId).where('id', '=', owner.candidateId).executeTakeFirst();
      if (!stored) throw new NotFoundError();
      const typed = confirmation.trim().toLowerCase();
      const isConfirmed = typed === stored.email.toLowerCase() || (await verifyPassword(confirmation, stored.passwordHash));
      if (!isConfirmed) throw new ValidationError({ confirmation: DeletionMessages.confirmationMismatch });
      const sections: Record<string, DeletionCount> = {};
      await db.transaction().execute(async (trx) => {
        await lockCandidate(trx, dialect, owner.tenantId, owner.candidateId);
        for (const contributor of contributors) sections[contributor.section] = await contributor.erase(trx, { ...owner, email: stored.email });
        await trx
          .insertInto('accountDeletions')
          .values({ candidateId: owner.candidateId, tenantId: owner.tenantId, deletedAt: clock.now().toISOString(), report: JSON.stringify(sections) })
          .execute();
      });
      return { deleted: true, sections };
    },
  };
}
