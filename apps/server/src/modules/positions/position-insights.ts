import type { Insight, PositionInsights } from '@careers/contracts';

/**
 * position_insights (spec §7; issue 3 "derived from stored data, not invented at random"): the
 * repository counts rows, this turns the counts into insights. An insight without enough data is left
 * out rather than shown as zero or as a guess.
 */

export interface InsightInputs {
  department: string;
  /** Positions (open and archived) in the same department and tenant. */
  departmentPositions: number;
  /** When each application to this position was made. */
  applicationDates: readonly (string | Date)[];
  /** Days from application to hire, for the department's recent hires. */
  hireDurationsDays: readonly number[];
  postedAt: string;
  now: Date;
}

export const TREND_WEEKS = 6;
/** A median of fewer hires says little about the next one. */
export const MIN_HIRES_FOR_MEDIAN = 3;
/** The later half of the window must differ by more than this share to count as rising or falling. */
const TREND_CHANGE = 0.2;

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week holding `time`. */
function weekStart(time: number): number {
  const day = Math.floor(time / DAY_MS);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is days since Monday.
  return (day - ((((day + 3) % 7) + 7) % 7)) * DAY_MS;
}

export type ApplicantsTrend = Extract<Insight, { type: 'applicants_trend' }>;

export function applicantsTrend(dates: readonly (string | Date)[], now: Date): ApplicantsTrend | null {
  const thisWeek = weekStart(now.getTime());
  const starts = Array.from({ length: TREND_WEEKS }, (_, index) => thisWeek - (TREND_WEEKS - 1 - index) * 7 * DAY_MS);
  const counts = starts.map(() => 0);
  for (const date of dates) {
    const time = date instanceof Date ? date.getTime() : Date.parse(date);
    if (!Number.isFinite(time) || time > now.getTime()) continue;
    const index = starts.indexOf(weekStart(time));
    if (index >= 0) counts[index] = (counts[index] ?? 0) + 1;
  }
  if (counts.every((count) => count === 0)) return null;
  const half = TREND_WEEKS / 2;
  const earlier = counts.slice(0, half).reduce((sum, count) => sum + count, 0);
  const later = counts.slice(half).reduce((sum, count) => sum + count, 0);
  const direction: ApplicantsTrend['direction'] =
    later > earlier * (1 + TREND_CHANGE) ? 'rising' : later < earlier * (1 - TREND_CHANGE) ? 'falling' : 'steady';
  return {
    type: 'applicants_trend',
    weeks: starts.map((start, index) => ({ weekStart: new Date(start).toISOString().slice(0, 10), count: counts[index] ?? 0 })),
    direction,
  };
}

export function median(values: readonly number[]): number | null {
  const sorted = values.filter((value) => Number.isFinite(value) && value >= 0).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function buildPositionInsights(input: InsightInputs): PositionInsights {
  const insights: Insight[] = [];
  if (input.departmentPositions > 0) {
    insights.push({ type: 'team_size', department: input.department, positions: input.departmentPositions });
  }
  const trend = applicantsTrend(input.applicationDates, input.now);
  if (trend) insights.push(trend);
  const hires = input.hireDurationsDays.filter((days) => Number.isFinite(days) && days >= 0);
  const medianDays = median(hires);
  if (medianDays !== null && hires.length >= MIN_HIRES_FOR_MEDIAN) {
    insights.push({ type: 'time_to_hire', medianDays, sampleSize: hires.length });
  }
  const posted = Date.parse(input.postedAt);
  if (Number.isFinite(posted) && posted <= input.now.getTime()) {
    insights.push({ type: 'days_open', days: Math.floor((input.now.getTime() - posted) / DAY_MS) });
  }
  return { insights };
}
