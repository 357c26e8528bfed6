import type { PositionInput } from './position-rows';

export const BERLIN = { city: 'Berlin', region: 'Berlin', country: 'Germany', lat: 52.52, lng: 13.405 };

/**
 * A valid position for the write path's tests: a full-time mid-level role in Berlin, its text overridable
 * so a test can search for a word only it carries.
 */
export function positionInput(ref: string, overrides: Partial<PositionInput> = {}): PositionInput {
  return {
    externalRef: ref,
    title: `Position ${ref}`,
    department: 'Engineering',
    employmentType: 'FULL_TIME',
    seniority: 'mid',
    description: `Position ${ref}.`,
    skills: [],
    isRemote: false,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: null,
    postedAt: '2025-02-10T09:00:00.000Z',
    validThrough: null,
    locations: [BERLIN],
    ...overrides,
  };
}
