import type { Position } from '@careers/contracts';

let nextId = 100;

/** A position as the server presents it (contracts positions.ts), with overrides. */
export function position(overrides: Partial<Position> = {}): Position {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Robotics Engineer ${id}`,
    department: 'Engineering',
    employment_type: 'FULL_TIME',
    seniority: 'mid',
    description: 'Build robots.\n\n- Design arms\n- Test grippers',
    skills: ['Python', 'ROS'],
    locations: [{ city: 'London', region: null, country: 'GB', lat: 51.5072, lng: -0.1276 }],
    location: 'London, GB',
    is_remote: false,
    work_location_option: 'onsite',
    salary: null,
    posted_at: '2025-01-10T09:00:00.000Z',
    valid_through: null,
    archived_at: null,
    positionUserActions: { isSaved: false, isInCart: false },
    ...overrides,
  };
}
