import type { MatchDetails, MatchReason, Position } from '@careers/contracts';
import { normalizeSearchText } from '../../search-engine/search-terms';

/**
 * match_details (spec §7; issue 3): how the signed-in candidate's profile — skills, title, location —
 * matches a position, with a score, isStrongMatch against searchConfig.strongMatchThreshold (spec §3),
 * and reasons the candidate can act on (which skills match, which the job wants that the profile lacks).
 *
 * Score: skills weigh 0.6 (share of the job's skills the candidate has), title 0.25, location 0.15.
 * A job that lists no skills is judged on title and location alone (their weights rescaled).
 */

export interface CandidateMatchProfile {
  skills: readonly string[];
  /** Current or desired job title, if the profile has one. */
  title: string | null;
  /** Free text such as "Boston, MA". */
  location: string | null;
}

export type MatchPosition = Pick<Position, 'name' | 'skills' | 'locations' | 'is_remote' | 'work_location_option'>;

const WEIGHTS = { skills: 0.6, title: 0.25, location: 0.15 } as const;
/** Level words say how senior, not what the job is: "Senior Nurse" and "Nurse" share a title. */
const LEVEL_WORDS = new Set(['senior', 'sr', 'junior', 'jr', 'lead', 'principal', 'staff', 'head', 'chief', 'associate', 'intern', 'i', 'ii', 'iii', 'iv']);

/** Skills compare case- and accent-insensitively but keep symbols, so "C++" and "C#" stay apart. */
export const skillKey = (skill: string): string =>
  skill.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim();

const singular = (word: string): string => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);
const titleWords = (title: string): string[] =>
  normalizeSearchText(title)
    .split(' ')
    .filter((word) => word !== '' && !LEVEL_WORDS.has(word))
    .map(singular);

/** At least half of the candidate's title words (level words aside) appear in the job's title. */
export function titlesMatch(candidateTitle: string, positionName: string): boolean {
  const wanted = titleWords(candidateTitle);
  if (wanted.length === 0) return false;
  const offered = new Set(titleWords(positionName));
  const shared = wanted.filter((word) => offered.has(word)).length;
  return shared > 0 && shared * 2 >= wanted.length;
}

/** The job's first location whose city appears, as whole words, in the candidate's location text. */
export function matchingLocation(candidateLocation: string, locations: MatchPosition['locations']): string | null {
  const where = ` ${normalizeSearchText(candidateLocation)} `;
  if (where.trim() === '') return null;
  for (const location of locations) {
    const city = normalizeSearchText(location.city);
    if (city !== '' && where.includes(` ${city} `)) return location.city;
  }
  return null;
}

export function computeMatchDetails(
  profile: CandidateMatchProfile,
  position: MatchPosition,
  strongMatchThreshold: number,
): MatchDetails {
  const have = new Set(profile.skills.map(skillKey).filter(Boolean));
  const jobSkills = [...new Map(position.skills.map((skill) => [skillKey(skill), skill])).entries()].filter(([key]) => key !== '');
  const matchedSkills = jobSkills.filter(([key]) => have.has(key)).map(([, skill]) => skill);
  const missingSkills = jobSkills.filter(([key]) => !have.has(key)).map(([, skill]) => skill);

  const titleMatch = profile.title ? titlesMatch(profile.title, position.name) : false;
  const isRemote = position.is_remote || position.work_location_option === 'remote';
  const matchedPlace = !isRemote && profile.location ? matchingLocation(profile.location, position.locations) : null;
  const locationMatch = isRemote || matchedPlace !== null;

  const scoreWith = (matched: number): number => {
    const parts: [number, number][] = [
      [WEIGHTS.title, titleMatch ? 1 : 0],
      [WEIGHTS.location, locationMatch ? 1 : 0],
    ];
    if (jobSkills.length > 0) parts.push([WEIGHTS.skills, matched / jobSkills.length]);
    const totalWeight = parts.reduce((sum, [weight]) => sum + weight, 0);
    return Math.round((parts.reduce((sum, [weight, value]) => sum + weight * value, 0) / totalWeight) * 100) / 100;
  };
  const score = scoreWith(matchedSkills.length);
  // Every skill of the job weighs the same: adding any one missing skill gives the same next score.
  const skillGains = missingSkills.map((skill) => ({ skill, score: scoreWith(matchedSkills.length + 1) }));

  const reasons: MatchReason[] = [];
  if (matchedSkills.length > 0) reasons.push({ code: 'skills_matched', skills: matchedSkills, total: jobSkills.length });
  if (titleMatch) reasons.push({ code: 'title_matched', title: position.name });
  if (isRemote) reasons.push({ code: 'remote_role' });
  else if (matchedPlace !== null) reasons.push({ code: 'location_matched', location: matchedPlace });
  if (missingSkills.length > 0) reasons.push({ code: 'skills_missing', skills: missingSkills });
  if (have.size === 0) reasons.push({ code: 'profile_has_no_skills' });

  return {
    score,
    isStrongMatch: score >= strongMatchThreshold,
    matchedSkills,
    missingSkills,
    titleMatch,
    locationMatch,
    reasons,
    skillGains,
  };
}
