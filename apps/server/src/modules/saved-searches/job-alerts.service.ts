import { GUEST_ALERT_CONFIRM_DAYS, savedSearchPath } from '@careers/contracts';
import type { Clock } from '../../clock';
import type { SweepLease } from '../../db/sweep-lease';
import { jobAlertNotification } from '../notifications/notification-messages';
import type { SearchService } from '../search/search.service';
import type { Tenant, TenantsService } from '../tenants/tenants.service';
import type { JobAlertsRepository } from './job-alerts.repository';
import { areGuestAlertsEnabled } from './guest-alerts.service';
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

/** What the sweep needs of an alert, a candidate's saved search or a guest's. */
interface AlertRow {
  id: string;
  search: string;
  checkedThrough: string;
  lastAlertOn: string | null;
}

/**
 * One tenant's alerts of one kind: the positions written since each one's watermark, matched by the search
 * engine; an alert with matches is claimed for the day (`alert` answers whether this run got the claim), one
 * without moves its watermark on.
 */
async function sweep<Row extends AlertRow>(
  tenant: Tenant,
  rows: Row[],
  until: string,
  day: string,
  result: JobAlertsRunResult,
  deps: { search: SearchService; changedPositions: JobAlertsRepository['changedPositions']; advance: (ids: string[]) => Promise<void>; alert: (row: Row, found: number) => Promise<boolean> },
): Promise<void> {
  const searches = rows.filter((saved) => saved.checkedThrough < until);
  if (searches.length === 0) return;
  result.checked += searches.length;
  const since = searches.reduce((earliest, saved) => (saved.checkedThrough < earliest ? saved.checkedThrough : earliest), until);
  const changed = await deps.changedPositions(tenant.id, since, until);
  const done: string[] = [];
  // Searches checked through the same time look at the same positions: matched together.
  const byWatermark = new Map<string, Row[]>();
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
    const matches = await deps.search.matchPositions(
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
      if (await deps.alert(saved, found)) result.alerted += 1;
    }
  }
  await deps.advance(done);
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
        if (!lease) return await sweepAll();
        const outcome = await lease.run(sweepAll);
        return outcome.ran ? outcome.value : { checked: 0, alerted: 0, skipped: outcome.reason };
      } finally {
        sweeping = false;
      }
    },
  };

  async function sweepAll(): Promise<JobAlertsRunResult> {
    const now = clock.now();
    const until = new Date(now.getTime() - JOB_ALERTS_LAG_MS).toISOString();
    const day = now.toISOString().slice(0, 10);
    const result: JobAlertsRunResult = { checked: 0, alerted: 0 };
    for (const tenantId of await repository.tenantsWithAlerts()) {
      const tenant = await tenants.findById(tenantId);
      if (!tenant || !areSavedSearchesEnabled(tenant)) continue;
      await sweep(tenant, await repository.alertSearches(tenantId), until, day, result, {
        search,
        changedPositions: (id, after, to) => repository.changedPositions(id, after, to),
        advance: (ids) => repository.advance(tenantId, ids, until),
        async alert(saved, found) {
          const presented = presentSavedSearch(saved, tenant);
          const notification = jobAlertNotification({ tenantId, candidateId: saved.candidateId, at: now }, { name: saved.name, count: found, redirectUrl: presented.url });
          return repository.claimAndNotify(saved, day, until, notification);
        },
      });
    }
    // Issue 12: signed-out visitors' confirmed alerts, matched the same way; an email each, no notification.
    // Pending ones past their confirmation window go (their address and search are kept no longer).
    await repository.purgeExpiredGuests(new Date(now.getTime() - GUEST_ALERT_CONFIRM_DAYS * 86_400_000).toISOString());
    for (const tenantId of await repository.tenantsWithGuestAlerts()) {
      const tenant = await tenants.findById(tenantId);
      if (!tenant || !areGuestAlertsEnabled(tenant)) continue;
      await sweep(tenant, await repository.guestAlerts(tenantId), until, day, result, {
        search,
        changedPositions: (id, after, to) => repository.changedPositions(id, after, to),
        advance: (ids) => repository.advanceGuests(tenantId, ids, until),
        alert: (guest) =>
          repository.claimAndEmail(guest, day, until, {
            tenantId,
            candidateId: null,
            toAddress: guest.email,
            template: 'guest_alert',
            params: { guestAlertId: guest.id, url: savedSearchPath(guest.search, tenant.isDefault ? undefined : tenant.domain) },
            language: guest.locale,
            at: now.toISOString(),
          }),
      });
    }
    return result;
  }
}
