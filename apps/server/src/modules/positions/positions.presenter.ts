import {
  descriptionSummary,
  EmploymentTypeSchema,
  orderLocationsForQuery,
  positionLocationLabel,
  SEARCH_SUMMARY_MAX_LENGTH,
  type Position,
  type PositionLocation,
  type PositionUserActions,
  type SearchPosition,
} from '@careers/contracts';
import type { PositionRecord } from './positions.repository';

export const NO_USER_ACTIONS: PositionUserActions = { isSaved: false, isInCart: false };

/**
 * Stored row → spec §3 Position on the wire (an allow-list: tenant ids, external references and
 * update times stay on the server). Salaries are stored as yearly amounts.
 */
export function presentPosition(
  record: PositionRecord,
  userActions: PositionUserActions = NO_USER_ACTIONS,
  queriedLocation?: string,
): Position {
  const employmentType = EmploymentTypeSchema.safeParse(record.employmentType);
  const locations: PositionLocation[] = orderLocationsForQuery(
    record.locations.map(({ city, region, country, lat, lng }) => ({ city, region, country, lat, lng })),
    queriedLocation,
  );
  const hasSalary = record.salaryMin !== null && record.salaryMax !== null && record.salaryCurrency !== null;
  return {
    id: record.id,
    name: record.title,
    department: record.department,
    employment_type: employmentType.success ? employmentType.data : 'OTHER',
    seniority: record.seniority,
    description: record.description,
    skills: record.skills,
    locations,
    location: positionLocationLabel(locations, record.isRemote),
    is_remote: record.isRemote,
    work_location_option: record.isRemote ? 'remote' : 'onsite',
    salary: hasSalary
      ? {
          min: Math.min(record.salaryMin ?? 0, record.salaryMax ?? 0),
          max: Math.max(record.salaryMin ?? 0, record.salaryMax ?? 0),
          currency: record.salaryCurrency ?? '',
          period: 'year',
        }
      : null,
    posted_at: record.postedAt,
    valid_through: record.validThrough,
    archived_at: record.archivedAt,
    positionUserActions: userActions,
  };
}

/** Stored row → a search result (contracts SearchPosition): the position with a summary for its description. */
export function presentSearchPosition(record: PositionRecord, userActions: PositionUserActions = NO_USER_ACTIONS, queriedLocation?: string): SearchPosition {
  const { description, ...position } = presentPosition(record, userActions, queriedLocation);
  return { ...position, summary: descriptionSummary(description, SEARCH_SUMMARY_MAX_LENGTH) };
}
