import type { Clock } from '../../clock';
import type { SweepLease } from '../../db/sweep-lease';
import { jobAlertNotification } from '../notifications/notification-messages';
import type { SearchService } from '../search/search.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { JobAlertsRepository } from './job-alerts.repository';
import type { SavedSearchRow } from './saved-searches.repository';
import { areSavedSearchesEnabled, parseSavedSearch, presentSavedSearch } from './saved-searches.service';

/**
 * How far behind the clock the sweep reads: a position's updated_at is taken before its transaction commits,
 * so a write stamped just before a sweep may become visible just after it. Writes older than this are
 * committed (a write transaction lasts well under it); the next sweep picks up the rest.
 */
export const JOB_ALERTS_LAG_MS = 10_000;

export interface JobAlertsRunResult {
  /** Saved searches with alerts on that were looked at. */
  checked: number;
  /** Notifications created by this run. */
  alerted: number;
  /**
   * Set when this run did nothing: 'running' — this process's previous sweep has not finished; 'held' —
   * another process owns the sweep's lease (issue 12, left over: one process at a time sweeps).
   */
  skipped?: 'running' | 'held';
}

/** The job-alert sweep's lease name and how long it holds without renewal (renewed every third of it). */
export const JOB_ALERTS_LEASE = { name: 'job-alerts', ttlMs: 120_000 } as const;

export interface JobAlertsService {
  /**
   * One sweep (issue 12 "Job alerts"), run by each process every minute off the request path: for every
   * tenant offering saved searches, the open positions added or changed since each saved search was last
   * checked are matched with the search engine's own matching (SearchService.matchPositions); a search with
   * matches gets one read_only notification (and its email when the candidate allows emails) — at most one
   * per search per UTC day, claimed in the database so several processes never send two. Matches found
   * after the day's alert wait for the next day's (the watermark stays). With a `lease`, one process of the
   * deployment sweeps at a time and a sweep still running when the next minute ticks is not started again;
   * the others' runs return at once with `skipped`.
   */
  runOnce(): Promise<JobAlertsRunResult>;
}

export function createJobAlertsService(deps: {
  repository: JobAlertsRepository;
  search: SearchService;
  tenants: TenantsService;
  clock: Clock;
  lease?: SweepLease;
}): JobAlertsService {
  const { repository, search, tenants, clock, lease } = deps;
  let sweeping = false;
  return {
    async runOnce() {
      if (sweeping) return { checked: 0, alerted: 0, skipped: 'running' };
      sweeping = true;
      try {
        if (!lease) return await sweep();
        const outcome = await lease.run(sweep);
        return outcome.ran ? outcome.value : { checked: 0, alerted: 0, skipped: outcome.reason };
      } finally {
        sweeping = false;
      }
    },
  };

  async function sweep(): Promise<JobAlertsRunResult> {
    const now = clock.now();
    const until = new Date(now.getTime() - JOB_ALERTS_LAG_MS).toISOString();
    const day = now.toISOString().slice(0, 10);
    const result: JobAlertsRunResult = { checked: 0, alerted: 0 };
    for (const tenantId of await repository.tenantsWithAlerts()) {
      const tenant = await tenants.findById(tenantId);
      if (!tenant || !areSavedSearchesEnabled(tenant)) continue;
      const searches = (await repository.alertSearches(tenantId)).filter((saved) => saved.checkedThrough < until);
      if (searches.length === 0) continue;
      result.checked += searches.length;
      const since = searches.reduce((earliest, saved) => (saved.checkedThrough < earliest ? saved.checkedThrough : earliest), until);
      const changed = await repository.changedPositions(tenantId, since, until);
      const done: string[] = [];
      // Searches checked through the same time look at the same positions: matched together.
      const byWatermark = new Map<string, SavedSearchRow[]>();
      for (const saved of searches) byWatermark.set(saved.checkedThrough, [...(byWatermark.get(saved.checkedThrough) ?? []), saved]);
      for (const [watermark, group] of byWatermark) {
        const ids = changed.filter((position) => position.updatedAt > watermark).map((position) => position.id);
        if (ids.length === 0) {
          done.push(...group.map((saved) => saved.id));
          continue;
        }
        const parsed = group.flatMap((saved) => {
          try {
            return [{ saved, criteria: parseSavedSearch(saved.search) }];
          } catch {
            // A search the search call no longer accepts finds nothing; it is not retried forever.
            done.push(saved.id);
            return [];
          }
        });
        const matches = await search.matchPositions(
          tenant,
          parsed.map(({ criteria }) => criteria),
          ids,
        );
        for (const [at, { saved }] of parsed.entries()) {
          const found = matches[at]?.size ?? 0;
          if (found === 0) {
            done.push(saved.id);
            continue;
          }
          // Alerted today already: these matches wait for tomorrow's alert (the watermark stays).
          if (saved.lastAlertOn !== null && saved.lastAlertOn >= day) continue;
          const presented = presentSavedSearch(saved, tenant);
          const notification = jobAlertNotification(
            { tenantId, candidateId: saved.candidateId, at: now },
            { name: saved.name, count: found, redirectUrl: presented.url },
          );
          if (await repository.claimAndNotify(saved, day, until, notification)) result.alerted += 1;
        }
      }
      await repository.advance(tenantId, done, until);
    }
    return result;
  }
}
