import type { CandidateRef } from '../../modules/auth/candidate-ref';

/** `--candidate`: an email (contains "@") or a candidate id, as the employer API's `{ email }` / `{ id }`. */
export const candidateArg = (text: string): CandidateRef => (text.includes('@') ? { email: text } : { id: text });
