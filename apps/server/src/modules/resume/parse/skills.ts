import { PROFILE_SKILL_MAX_LENGTH, PROFILE_SKILLS_MAX_ITEMS } from '@careers/contracts';
import { SKILLS_VOCABULARY } from './skills-vocabulary';

/**
 * Skills: the words of a skills section, each matched to the shipped vocabulary (skills-vocabulary.ts) or to
 * the tenant's own positions' skills, so "js", "JS" and "JavaScript" become the one name the company's jobs
 * use and a match can be scored. A word of a skills section that neither knows is kept as written (the
 * candidate reviews it). Without a skills section, the whole text is searched for the vocabulary's
 * unambiguous names.
 */

/** Folds case, accents and punctuation, keeping the characters that tell skills apart (C++, C#, .NET). */
export function skillKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s._-]+/g, '')
    .trim();
}

export interface SkillMatcher {
  /** The canonical name of a skill as written, or null when nothing known matches. */
  match(text: string): string | null;
  /** Known skills mentioned in running text (unambiguous names only), in order of appearance. */
  mentions(text: string): string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function createSkillMatcher(tenantSkills: readonly string[] = []): SkillMatcher {
  const byKey = new Map<string, string>();
  const searchable: { name: string; pattern: RegExp }[] = [];
  // The tenant's names win: a match is scored against the positions' own spelling.
  for (const skill of SKILLS_VOCABULARY) {
    const names = [skill.name, ...skill.aliases];
    const canonical = tenantSkills.find((own) => names.some((name) => skillKey(name) === skillKey(own))) ?? skill.name;
    for (const name of names) byKey.set(skillKey(name), canonical);
    if (!skill.isAmbiguous) {
      const longNames = names.filter((name) => name.length >= 3 && !/^[a-z]{1,4}$/.test(name));
      if (longNames.length > 0) {
        searchable.push({ name: canonical, pattern: new RegExp(`(?<![\\p{L}\\d+#.])(?:${longNames.map(escape).join('|')})(?![\\p{L}\\d+#])`, 'iu') });
      }
    }
  }
  for (const own of tenantSkills) if (!byKey.has(skillKey(own))) byKey.set(skillKey(own), own);
  return {
    match: (text) => byKey.get(skillKey(text)) ?? null,
    mentions(text) {
      const found: { name: string; at: number }[] = [];
      for (const { name, pattern } of searchable) {
        const hit = pattern.exec(text);
        if (hit) found.push({ name, at: hit.index });
      }
      return unique(found.sort((a, b) => a.at - b.at).map((hit) => hit.name));
    },
  };
}

function unique(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = skillKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "Languages: Python, Go" → the list after the label; bullets and proficiency notes dropped. */
function skillTokens(line: string): string[] {
  const withoutLabel = /^[\p{L} &/]{2,40}:\s*(.+)$/u.exec(line)?.[1] ?? line;
  return withoutLabel
    .split(/\s*(?:[,;|•·▪●]|\s\/\s|\s{2,}|\t)\s*/)
    .map((token) => token.replace(/\((?:[^)]*)\)/g, '').replace(/^[-–*\s]+|[\s.]+$/g, '').trim())
    .filter((token) => token.length > 0);
}

export function parseSkills(sectionLines: readonly string[] | null, wholeText: string, matcher: SkillMatcher): string[] {
  if (sectionLines === null) return matcher.mentions(wholeText).slice(0, PROFILE_SKILLS_MAX_ITEMS);
  const names: string[] = [];
  for (const line of sectionLines) {
    for (const token of skillTokens(line)) {
      const known = matcher.match(token);
      if (known) names.push(known);
      else if (looksLikeSkill(token)) names.push(token);
    }
  }
  return unique(names).slice(0, PROFILE_SKILLS_MAX_ITEMS);
}

/** A short name, not a sentence: at most four words, some letters, within the profile's length. */
function looksLikeSkill(token: string): boolean {
  return token.length <= PROFILE_SKILL_MAX_LENGTH && token.split(/\s+/).length <= 4 && /\p{L}/u.test(token) && !/[.!?]$/.test(token);
}
