import type { Clock } from '../../clock';
import type { EsignTokenRecord, OffersRepository } from './offers.repository';
import type { WithinTransaction } from './offers.service';

export type { EsignTokenRecord };

/**
 * The e-sign links' tokens, kept by the offers module that stores them (issue 8 §5: the esign module
 * calls offers functions and never reaches into the offers repository or its transaction). A token is
 * spent inside the signing transaction: the step `spendWithin` returns is handed to signTyped or
 * esignReject, so a replay or a race finds the token spent and the signature rolls back with it.
 */
export interface EsignTokensService {
  insert(token: EsignTokenRecord): Promise<void>;
  find(tokenHash: string): Promise<EsignTokenRecord | null>;
  /** A step of the signing transaction that spends the token, or throws `whenSpent()` (rolling back). */
  spendWithin(tokenHash: string, whenSpent: () => Error): WithinTransaction;
}

export function createEsignTokensService(deps: { repository: OffersRepository; clock: Clock }): EsignTokensService {
  const { repository, clock } = deps;
  return {
    insert: (token) => repository.insertEsignToken(token),
    find: (tokenHash) => repository.findEsignToken(tokenHash),
    spendWithin: (tokenHash, whenSpent) => async (transaction) => {
      if ((await transaction.useEsignToken(tokenHash, clock.now().toISOString())) === 0) throw whenSpent();
    },
  };
}
