import { createUploadCheckPool, type UploadCheckPool } from './signed-upload.pool';
import { UploadMessages, type UploadInspection, type UploadedFile } from './signed-upload.rules';

/**
 * One check at a time per candidate (issue 8 §1: "let one candidate hold at most one check at a time"): a
 * candidate's uploads are checked in turn, so one person holds at most one checking thread however many
 * tabs or scripts post at once, and other candidates' checks are not held up behind theirs. Waiting, not
 * refusing, keeps racing tabs answering as one order of them would (T13: the second upload of a pair is told
 * the offer is already accepted, 409). At most MAX_CHECKS_PER_CANDIDATE of a candidate's uploads are held
 * (running and waiting); past that the upload is refused at once with 429 `check_in_progress` and
 * Retry-After (offers.upload-errors.ts). Held in this process's memory: with N processes a candidate holds at
 * most N threads, and the per-address upload rate limit still applies.
 */

export interface CandidateKey {
  tenantId: string;
  candidateId: string;
}

export interface SignedUploadChecker {
  check(candidate: CandidateKey, files: readonly UploadedFile[]): Promise<UploadInspection>;
}

/** Running and waiting uploads of one candidate; their bytes are in memory (≤ 10 MB each) while they wait. */
export const MAX_CHECKS_PER_CANDIDATE = 8;

const IN_PROGRESS: UploadInspection = { ok: false, code: 'check_in_progress', message: UploadMessages.checkInProgress };

interface CandidateTurns {
  /** Settles when the candidate's last check so far has ended. */
  tail: Promise<unknown>;
  held: number;
}

export function createSignedUploadChecker(pool: Pick<UploadCheckPool, 'inspect'>): SignedUploadChecker {
  const turns = new Map<string, CandidateTurns>();
  return {
    async check(candidate, files) {
      const key = `${candidate.tenantId}\u0000${candidate.candidateId}`;
      const current = turns.get(key) ?? { tail: Promise.resolve(), held: 0 };
      if (current.held >= MAX_CHECKS_PER_CANDIDATE) return IN_PROGRESS;
      current.held += 1;
      turns.set(key, current);
      const result = current.tail.then(() => pool.inspect(files));
      current.tail = result.catch(() => undefined);
      try {
        return await result;
      } finally {
        current.held -= 1;
        if (current.held === 0) turns.delete(key);
      }
    },
  };
}

let shared: SignedUploadChecker | null = null;

/** The server's checker: its threads start with the first upload, not with the server (P10 cold start). */
export function signedUploadChecker(): SignedUploadChecker {
  shared ??= createSignedUploadChecker(createUploadCheckPool());
  return shared;
}
