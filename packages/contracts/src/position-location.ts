import type { PositionLocation } from './positions';

/**
 * The display strings of a position's places (Position.location, spec §3), built the same way by the
 * server presenter and anything the web formats itself.
 */

export function locationText(location: Pick<PositionLocation, 'city' | 'region' | 'country'>): string {
  return [location.city, location.region, location.country].filter((part) => part && part.trim()).join(', ');
}

/** "Boston, MA, US", "Boston, MA, US +2 more", "Remote" or "Remote (US, CA)". */
export function positionLocationLabel(locations: readonly PositionLocation[], isRemote: boolean): string {
  if (isRemote) {
    const countries = [...new Set(locations.map((location) => location.country))];
    return countries.length > 0 ? `Remote (${countries.join(', ')})` : 'Remote';
  }
  const [first, ...rest] = locations;
  if (!first) return '';
  return rest.length > 0 ? `${locationText(first)} +${rest.length} more` : locationText(first);
}

const fold = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s,._-]+/g, ' ')
    .trim();

/**
 * spec §7 position_details "optional queried_location": the location the candidate searched for comes
 * first, so the detail page leads with the place they asked about. Stable for the others.
 */
export function orderLocationsForQuery<T extends PositionLocation>(locations: readonly T[], queried: string | undefined): T[] {
  const wanted = queried ? fold(queried) : '';
  if (!wanted) return [...locations];
  const matches = (location: T): boolean => {
    const city = fold(location.city);
    return city !== '' && (wanted === city || wanted.startsWith(`${city} `) || fold(locationText(location)) === wanted);
  };
  return [...locations.filter(matches), ...locations.filter((location) => !matches(location))];
}
