import { describe, expect, it } from 'vitest';
import {
  PositionDetailsQuerySchema,
  PositionDetailsResponseSchema,
  PositionIdTextSchema,
  PositionSchema,
  SalarySchema,
  SavePositionBodySchema,
  type Position,
} from './positions';
import { JOB_CART_MAX_PIDS_PER_REQUEST, JobCartResponseSchema, JobCartUpdateBodySchema } from './job-cart';
import { MatchDetailsSchema } from './match-details';
import { PositionInsightsSchema } from './position-insights';

const samplePosition = (overrides: Partial<Position> = {}): Position => ({
  id: 42,
  name: 'Registered Nurse',
  department: 'Care',
  employment_type: 'FULL_TIME',
  seniority: 'Mid',
  description: 'Care for patients.\n\n- Night shifts\n- Team of 12',
  skills: ['Triage', 'BLS'],
  locations: [{ city: 'Boston', region: 'MA', country: 'US', lat: 42.3601, lng: -71.0589 }],
  location: 'Boston, MA, US',
  is_remote: false,
  work_location_option: 'onsite',
  salary: { min: 70000, max: 90000, currency: 'USD', period: 'year' },
  posted_at: '2025-01-02T03:04:05.000Z',
  valid_through: null,
  archived_at: null,
  positionUserActions: { isSaved: false, isInCart: false },
  ...overrides,
});

describe('Position wire shape (spec §3)', () => {
  it('accepts a complete position and a details response', () => {
    expect(PositionSchema.parse(samplePosition())).toEqual(samplePosition());
    const details = { data: samplePosition({ archived_at: '2025-02-01T00:00:00Z' }), metadata: { isFallback: true } };
    expect(PositionDetailsResponseSchema.parse(details).metadata.isFallback).toBe(true);
  });

  it('refuses impossible coordinates, empty countries, unknown job types and inverted salaries', () => {
    const bad = (patch: Partial<Position>) => PositionSchema.safeParse(samplePosition(patch)).success;
    expect(bad({ locations: [{ city: 'X', region: null, country: 'US', lat: 91, lng: 0 }] })).toBe(false);
    expect(bad({ locations: [{ city: 'X', region: null, country: '', lat: 0, lng: 0 }] })).toBe(false);
    expect(bad({ employment_type: 'full_time' as Position['employment_type'] })).toBe(false);
    expect(SalarySchema.safeParse({ min: 10, max: 5, currency: 'USD', period: 'hour' }).success).toBe(false);
    expect(SalarySchema.safeParse({ min: 10, max: 10, currency: 'usd', period: 'hour' }).success).toBe(false);
    expect(bad({ posted_at: 'yesterday' })).toBe(false);
  });

  it('reads position ids from text strictly', () => {
    expect(PositionIdTextSchema.parse(' 17 ')).toBe(17);
    for (const text of ['0', '-1', '1.5', '1e3', '0x10', '', 'abc', '1234567890123456', '__proto__']) {
      expect(PositionIdTextSchema.safeParse(text).success).toBe(false);
    }
    expect(PositionDetailsQuerySchema.parse({ position_id: '9', queried_location: 'Boston' })).toEqual({
      position_id: 9,
      queried_location: 'Boston',
    });
  });

  it('accepts save and unsave with a numeric or text id', () => {
    expect(SavePositionBodySchema.parse({ position_id: '5', action: 'save' }).position_id).toBe(5);
    expect(SavePositionBodySchema.parse({ position_id: 5, action: 'unsave' }).action).toBe('unsave');
    expect(SavePositionBodySchema.safeParse({ position_id: 5, action: 'star' }).success).toBe(false);
  });
});

describe('job cart contracts (spec §3, §7)', () => {
  it('parses string pids, collapses duplicates and bounds the list', () => {
    expect(JobCartUpdateBodySchema.parse({ pids: ['3', '3', '4'], operation: 'add' })).toEqual({ pids: [3, 4], operation: 'add' });
    expect(JobCartUpdateBodySchema.safeParse({ pids: [], operation: 'add' }).success).toBe(false);
    expect(JobCartUpdateBodySchema.safeParse({ pids: ['x'], operation: 'add' }).success).toBe(false);
    expect(JobCartUpdateBodySchema.safeParse({ pids: ['1'], operation: 'empty' }).success).toBe(false);
    const many = Array.from({ length: JOB_CART_MAX_PIDS_PER_REQUEST + 1 }, (_, index) => String(index + 1));
    expect(JobCartUpdateBodySchema.safeParse({ pids: many, operation: 'remove' }).success).toBe(false);
  });

  it('nests the cart under data (the client reads data.data.jobCartData)', () => {
    const body = { data: { jobCartData: [{ id: 1 }], invalidPositionIds: [99] } };
    expect(JobCartResponseSchema.parse(body)).toEqual(body);
    expect(JobCartResponseSchema.safeParse({ jobCartData: [] }).success).toBe(false);
  });
});

describe('match details and insights contracts', () => {
  it('accepts reasons as codes with data', () => {
    const match = {
      score: 0.82,
      isStrongMatch: true,
      matchedSkills: ['Triage'],
      missingSkills: ['BLS'],
      titleMatch: true,
      locationMatch: false,
      reasons: [
        { code: 'skills_matched', skills: ['Triage'], total: 2 },
        { code: 'skills_missing', skills: ['BLS'] },
        { code: 'title_matched', title: 'Nurse' },
      ],
    };
    expect(MatchDetailsSchema.parse(match)).toEqual({ ...match, skillGains: [] });
    expect(MatchDetailsSchema.safeParse({ ...match, score: 1.2 }).success).toBe(false);
    expect(MatchDetailsSchema.safeParse({ ...match, reasons: [{ code: 'made_up' }] }).success).toBe(false);
  });

  it('accepts each insight kind', () => {
    const insights = {
      insights: [
        { type: 'team_size', department: 'Care', positions: 14 },
        { type: 'applicants_trend', weeks: [{ weekStart: '2025-01-06', count: 3 }], direction: 'rising' },
        { type: 'time_to_hire', medianDays: 21, sampleSize: 8 },
        { type: 'days_open', days: 5 },
      ],
    };
    expect(PositionInsightsSchema.parse(insights)).toEqual(insights);
    expect(PositionInsightsSchema.safeParse({ insights: [{ type: 'team_size', department: 'Care', positions: 0 }] }).success).toBe(false);
  });
});
