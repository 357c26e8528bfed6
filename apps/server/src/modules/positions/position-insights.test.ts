import { describe, expect, it } from 'vitest';
import { PositionInsightsSchema } from '@careers/contracts';
import { applicantsTrend, buildPositionInsights, median } from './position-insights';

// A Wednesday; its week starts Monday 2025-03-10.
const now = new Date('2025-03-12T15:00:00Z');

describe('applicantsTrend', () => {
  it('counts applications per week, oldest first, and reads the direction', () => {
    const trend = applicantsTrend(
      ['2025-02-03T10:00:00Z', '2025-02-24T10:00:00Z', '2025-03-03T00:00:00Z', '2025-03-10T00:00:00Z', '2025-03-11T23:59:59Z', '2025-03-12T14:00:00Z'],
      now,
    );
    expect(trend).toEqual({
      type: 'applicants_trend',
      weeks: [
        { weekStart: '2025-02-03', count: 1 },
        { weekStart: '2025-02-10', count: 0 },
        { weekStart: '2025-02-17', count: 0 },
        { weekStart: '2025-02-24', count: 1 },
        { weekStart: '2025-03-03', count: 1 },
        { weekStart: '2025-03-10', count: 3 },
      ],
      direction: 'rising',
    });
  });

  it('ignores dates outside the window, in the future or invalid, and leaves out an empty trend', () => {
    expect(applicantsTrend(['2024-01-01T00:00:00Z', '2025-03-20T00:00:00Z', 'garbage'], now)).toBeNull();
    expect(applicantsTrend(['2025-02-03T00:00:00Z', '2025-02-04T00:00:00Z'], now)?.direction).toBe('falling');
    expect(applicantsTrend(['2025-02-03T00:00:00Z', '2025-03-10T00:00:00Z'], now)?.direction).toBe('steady');
  });
});

describe('buildPositionInsights', () => {
  it('derives each insight from the stored figures', () => {
    const insights = buildPositionInsights({
      department: 'Care',
      departmentPositions: 14,
      applicationDates: [new Date('2025-03-11T00:00:00Z')],
      hireDurationsDays: [30, 10, 20, 40],
      postedAt: '2025-03-01T15:00:00Z',
      now,
    });
    expect(PositionInsightsSchema.parse(insights)).toEqual(insights);
    expect(insights.insights.map((insight) => insight.type)).toEqual(['team_size', 'applicants_trend', 'time_to_hire', 'days_open']);
    expect(insights.insights).toContainEqual({ type: 'time_to_hire', medianDays: 25, sampleSize: 4 });
    expect(insights.insights).toContainEqual({ type: 'days_open', days: 11 });
  });

  it('leaves out what the data cannot support', () => {
    expect(
      buildPositionInsights({ department: 'Care', departmentPositions: 0, applicationDates: [], hireDurationsDays: [5, 7, Number.NaN, -1], postedAt: '2030-01-01T00:00:00Z', now }),
    ).toEqual({ insights: [] });
  });

  it('takes the median of odd and even samples', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
