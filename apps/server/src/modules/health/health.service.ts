import type { HealthRepository } from './health.repository';

/** A readiness probe that hangs is as bad as a failing one: give the database this long. */
export const READINESS_TIMEOUT_MS = 2000;

export interface HealthService {
  /** Resolves when the database answers within READINESS_TIMEOUT_MS; rejects with why it did not. */
  checkDatabase(): Promise<void>;
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createHealthService(repository: HealthRepository): HealthService {
  return { checkDatabase: () => withTimeout(repository.ping(), READINESS_TIMEOUT_MS) };
}
