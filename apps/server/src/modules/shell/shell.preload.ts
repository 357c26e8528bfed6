import type { PreloadedQuery } from '@careers/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * A module's answer to the first queries its page will make (the search page: its first search; the job
 * page: the position; the offers page: the candidate's offers), computed while the server renders the
 * HTML, so the first paint needs no API round trip. Empty when the path is not one of its pages or it has
 * nothing to say. Each answer must be exactly what the API would send to this request's visitor (same
 * tenant, same session), keyed exactly as the web keys the query (contracts bootQueryKeys).
 */
export type ShellPreloadResolver = (request: FastifyRequest, path: string) => Promise<readonly PreloadedQuery[]>;

/**
 * How long the HTML may wait for preloads. Past it the page goes out without them and asks the API
 * itself: holding the HTML delays every byte of the page, a late query only its own part.
 */
export const DEFAULT_PRELOAD_BUDGET_MS = 300;

/**
 * Thrown by a resolver that chose not to answer this request (e.g. the visitor's preload budget is spent):
 * the page asks the API itself, and the HTML, missing an answer another visitor would get, is not shared
 * (page-cache.ts). Not a failure: not logged as one.
 */
export class PreloadSkippedError extends Error {
  override name = 'PreloadSkippedError';
}

type Outcome = { ok: true; queries: readonly PreloadedQuery[] } | { ok: false; reason: 'timeout' | 'error'; error?: unknown };

function withinBudget(work: Promise<readonly PreloadedQuery[]>, budgetMs: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: 'timeout' }), budgetMs);
  });
  const answered = work.then(
    (queries): Outcome => ({ ok: true, queries }),
    (error: unknown): Outcome => ({ ok: false, reason: 'error', error }),
  );
  return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs every resolver at once. A preload never fails the page: an error or a slow answer is logged and
 * its query is left to the web app, which fetches it as it would without preloading.
 */
export async function resolvePreloads(
  request: FastifyRequest,
  path: string,
  resolvers: readonly ShellPreloadResolver[],
  budgetMs: number,
): Promise<PreloadedQuery[]> {
  return (await resolvePreloadsOutcome(request, path, resolvers, budgetMs)).queries;
}

/** resolvePreloads, and whether every resolver answered (only then may the page be shared: page-cache.ts). */
export async function resolvePreloadsOutcome(
  request: FastifyRequest,
  path: string,
  resolvers: readonly ShellPreloadResolver[],
  budgetMs: number,
): Promise<{ queries: PreloadedQuery[]; complete: boolean }> {
  const outcomes = await Promise.all(
    resolvers.map((resolve) => {
      // A resolver that throws synchronously is contained like one that rejects.
      const work = Promise.resolve().then(() => resolve(request, path));
      return withinBudget(work, budgetMs);
    }),
  );
  const queries: PreloadedQuery[] = [];
  let complete = true;
  for (const outcome of outcomes) {
    if (outcome.ok) {
      queries.push(...outcome.queries);
      continue;
    }
    complete = false;
    if (outcome.error instanceof PreloadSkippedError) request.log.debug({ path, reason: outcome.error.message }, 'page preload skipped; the page will fetch it');
    else if (outcome.reason === 'error') request.log.warn({ err: outcome.error, path }, 'page preload failed; the page will fetch it');
    else request.log.info({ path, budgetMs }, 'page preload took too long; the page will fetch it');
  }
  return { queries, complete };
}
