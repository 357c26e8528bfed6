import { PROFILE_REACH_SHARE, type ProfileAnalysis } from '@careers/contracts';
import { skillKey } from '../positions/match-details';

/**
 * profile_analysis (issue 11): the profile's skills against the tenant's open positions. A position is within
 * reach when the profile has at least PROFILE_REACH_SHARE of its skills; a missing skill "opens" a position when
 * adding it alone would bring that position within reach. Pure: the repository reads the positions.
 */
export interface AnalysedPosition {
  department: string;
  skills: readonly string[];
}

const TOP = 8;

export function analyseProfile(profileSkills: readonly string[], positions: readonly AnalysedPosition[]): ProfileAnalysis {
  const have = new Set(profileSkills.map(skillKey).filter(Boolean));
  const spelling = new Map<string, string>();
  const demand = new Map<string, number>();
  const opens = new Map<string, number>();
  const departments = new Map<string, { open: number; reach: number }>();
  let openPositions = 0;
  let positionsInReach = 0;

  for (const position of positions) {
    const keys = [...new Set(position.skills.map((skill) => {
      const key = skillKey(skill);
      if (key && !spelling.has(key)) spelling.set(key, skill.trim());
      return key;
    }).filter(Boolean))];
    if (keys.length === 0) continue;
    openPositions += 1;
    const needed = Math.ceil(keys.length * PROFILE_REACH_SHARE);
    const matched = keys.filter((key) => have.has(key)).length;
    const inReach = matched >= needed;
    if (inReach) positionsInReach += 1;
    const department = departments.get(position.department) ?? { open: 0, reach: 0 };
    department.open += 1;
    if (inReach) department.reach += 1;
    departments.set(position.department, department);
    for (const key of keys) {
      demand.set(key, (demand.get(key) ?? 0) + 1);
      if (!inReach && !have.has(key) && matched + 1 >= needed) opens.set(key, (opens.get(key) ?? 0) + 1);
    }
  }

  const name = (key: string): string => spelling.get(key) ?? key;
  const byCount = <T extends { skill: string }>(count: (item: T) => number) => (a: T, b: T) => count(b) - count(a) || a.skill.localeCompare(b.skill);

  return {
    openPositions,
    positionsInReach,
    strengths: [...have]
      .filter((key) => demand.has(key))
      .map((key) => ({ skill: profileSkills.find((skill) => skillKey(skill) === key) ?? name(key), openPositions: demand.get(key) ?? 0 }))
      .sort(byCount((item) => item.openPositions))
      .slice(0, TOP),
    strongestAreas: [...departments.entries()]
      .filter(([, counts]) => counts.reach > 0)
      .map(([department, counts]) => ({ department, positionsInReach: counts.reach, openPositions: counts.open }))
      .sort((a, b) => b.positionsInReach - a.positionsInReach || b.positionsInReach / b.openPositions - a.positionsInReach / a.openPositions || a.department.localeCompare(b.department))
      .slice(0, 3),
    skillsToAdd: [...opens.entries()]
      .map(([key, additional]) => ({ skill: name(key), additionalPositions: additional, openPositions: demand.get(key) ?? additional }))
      .sort((a, b) => b.additionalPositions - a.additionalPositions || b.openPositions - a.openPositions || a.skill.localeCompare(b.skill))
      .slice(0, TOP),
  };
}
