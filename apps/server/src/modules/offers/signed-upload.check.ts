import { createUploadCheckPool, type UploadCheckPool } from './signed-upload.pool';
import { UploadMessages, type UploadInspection, type UploadedFile } from './signed-upload.rules';

/**
 * One check at a time per candidate (issue 8 §1: "let one candidate hold at most one check at a time"). A
 * second upload from a candidate whose previous one is still being checked is refused at once with 429
 * `check_in_progress` and Retry-After (offers.upload-errors.ts) rather than queued: a queue per candidate
 * would let one person fill the checking threads with waiting bombs. Held in this process's memory: with N
 * processes a candidate holds at most N checks, and the per-address upload rate limit still applies.
 */

export interface CandidateKey {
  tenantId: string;
  candidateId: string;
}

export interface SignedUploadChecker {
  check(candidate: CandidateKey, files: readonly UploadedFile[]): Promise<UploadInspection>;
}

const IN_PROGRESS: UploadInspection = { ok: false, code: 'check_in_progress', message: UploadMessages.checkInProgress };

export function createSignedUploadChecker(pool: Pick<UploadCheckPool, 'inspect'>): SignedUploadChecker {
  const checking = new Set<string>();
  return {
    async check(candidate, files) {
      const key = `${candidate.tenantId}\u0000${candidate.candidateId}`;
      if (checking.has(key)) return IN_PROGRESS;
      checking.add(key);
      try {
        return await pool.inspect(files);
      } finally {
        checking.delete(key);
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
