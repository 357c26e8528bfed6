import { PROFILE_LIST_MAX_ITEMS, PROFILE_LONG_TEXT_MAX_LENGTH, PROFILE_TEXT_MAX_LENGTH, type Education, type WorkExperience } from '@careers/contracts';
import { findDateRange, withoutRange, type DateRange } from './dates';
import { isPlace } from './places';

/**
 * Jobs and schools. Resumes write an entry as a few short header lines (title, company, place, dates, in
 * any order and on one to three lines) followed by bullets or sentences. Entries are found by that rhythm:
 * header lines gather until a bullet or a sentence, and the line carrying the dates closes the header unless
 * the dates stand alone on it (a "dates first" layout). The header's pieces are then told apart: a place by
 * geography, a title by the words titles use, a school by the words schools use.
 */

interface Block {
  header: string[];
  range: DateRange | null;
  details: string[];
}

const BULLET = /^[•●▪■◦‣∙·*➤►▸✓-]\s*|^\d{1,2}[.)]\s+/;

function isDetail(line: string): boolean {
  if (BULLET.test(line)) return true;
  // A line with dates is an entry's header, however long.
  if (findDateRange(line) !== null) return false;
  const words = line.split(/\s+/).length;
  return line.length > 90 || (words >= 9 && /[.;]$/.test(line)) || words >= 14;
}

export function blocksOf(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  let headerClosed = false;
  for (const line of lines) {
    if (line === '') {
      if (current && current.header.length > 0) headerClosed = true;
      continue;
    }
    // A wrapped bullet's second line (it starts in lower case) belongs to the bullet above.
    const lastDetail = current?.details.length ? current.details.length - 1 : -1;
    if (headerClosed && current && lastDetail >= 0 && /^\p{Ll}/u.test(line)) {
      current.details[lastDetail] += ` ${line}`;
      continue;
    }
    if (isDetail(line)) {
      if (current) {
        current.details.push(line.replace(BULLET, '').trim());
        headerClosed = true;
      }
      continue;
    }
    const range = findDateRange(line);
    const rest = range ? withoutRange(line, range) : line;
    if (current === null || headerClosed || (range !== null && current.range !== null)) {
      current = { header: [], range: null, details: [] };
      blocks.push(current);
      headerClosed = false;
    }
    if (range && current.range === null) current.range = range;
    if (rest !== '') current.header.push(rest);
    // The dates end an entry's header, unless they came first, alone.
    if (range !== null && current.header.length > 0) headerClosed = true;
  }
  return blocks.filter((block) => block.header.length > 0);
}

const TITLE_WORDS =
  /\b(engineer|developer|programmer|manager|designer|analyst|scientist|lead|head|director|consultant|specialist|intern|internship|architect|officer|coordinator|administrator|nurse|teacher|lecturer|professor|accountant|auditor|vp|vice president|president|founder|co-founder|cto|ceo|cfo|coo|associate|assistant|technician|researcher|editor|writer|representative|executive|owner|strategist|advisor|adviser|partner|supervisor|operator|agent|clerk|physician|doctor|pharmacist|therapist|recruiter|marketer|producer|trainee|apprentice|fellow|principal|staff|senior|junior|sr\.?|jr\.?|chief|controller|planner|buyer|economist|attorney|lawyer|paralegal|chemist|biologist|mechanic|electrician|scrum master|tester|qa|sre|devops|photographer|translator|interpreter|journalist|instructor|tutor|counsel|inspector|surveyor|superintendent|foreman|chef|cook|barista|cashier|driver|pilot)\b/i;
const COMPANY_WORDS = /\b(inc|ltd|llc|gmbh|corp|corporation|company|co|s\.?a|plc|ag|pty|bv|kk|group|labs?|technologies|technology|systems|solutions|bank|studio|studios|partners|holdings|ventures|consulting|agency|hospital|clinic|foundation|institute|ministry|council|university)\b\.?/i;

function splitPieces(header: readonly string[]): string[] {
  return header
    .flatMap((line) => line.split(/\s+[|•·▪]\s+|\s+[–—-]\s+|\s{2,}|\s+(?:at|@)\s+|\s*[|]\s*/i))
    .map((piece) => piece.replace(/^[\s,(]+|[\s,)]+$/g, '').trim())
    .filter((piece) => piece !== '');
}

/** "Acme Robotics, London, UK" → company "Acme Robotics" and place "London, UK". */
function peelPlace(piece: string): { rest: string; place: string | null } {
  if (isPlace(piece)) return { rest: '', place: piece };
  const parts = piece.split(/\s*,\s*/);
  for (let at = 1; at < parts.length; at++) {
    const tail = parts.slice(at).join(', ');
    if (isPlace(tail)) return { rest: parts.slice(0, at).join(', '), place: tail };
  }
  return { rest: piece, place: null };
}

const clip = (text: string | null, max = PROFILE_TEXT_MAX_LENGTH): string | null => (text === null ? null : text.slice(0, max).trim() || null);

function description(details: readonly string[]): string | null {
  return details.length === 0 ? null : clip(details.join('\n'), PROFILE_LONG_TEXT_MAX_LENGTH);
}

function period(range: DateRange | null) {
  return { startDate: range?.startDate ?? null, endDate: range?.endDate ?? null, isCurrent: range?.isCurrent ?? false };
}

export function parseExperience(lines: readonly string[]): WorkExperience[] {
  const jobs: WorkExperience[] = [];
  for (const block of blocksOf(lines)) {
    let location: string | null = null;
    const named: string[] = [];
    for (const piece of splitPieces(block.header)) {
      const { rest, place } = peelPlace(piece);
      if (place && location === null) location = place;
      if (rest === '') continue;
      // "Senior Engineer, Acme Corp": a title and a company in one piece, told apart by their words.
      const comma = rest.split(/\s*,\s*/);
      const [left, right] = comma as [string, string];
      if (comma.length === 2 && TITLE_WORDS.test(left) !== TITLE_WORDS.test(right) && !/^(inc|ltd|llc|gmbh|plc|co)\.?$/i.test(right)) {
        named.push(left, right);
      } else {
        named.push(rest);
      }
    }
    const titleAt = named.findIndex((piece) => TITLE_WORDS.test(piece) && !COMPANY_WORDS.test(piece));
    const title = titleAt >= 0 ? named[titleAt] : named[0];
    const company = named.find((piece, at) => at !== (titleAt >= 0 ? titleAt : 0));
    if (!title || !company) continue;
    jobs.push({
      title: clip(title) as string,
      company: clip(company) as string,
      location: clip(location),
      ...period(block.range),
      description: description(block.details),
    });
  }
  return jobs.slice(0, PROFILE_LIST_MAX_ITEMS);
}

const SCHOOL_WORDS = /(?<![\p{L}])(university|universit[äéà]t?|universidad|università|universidade|college|institute|institut|instituto|school|academy|akademie|polytechnic|politecnico|conservatory|hochschule|école|ecole|escuela|lycée|gymnasium|campus)(?![\p{L}])|大学|大學|대학교|университет|університет|πανεπιστήμιο|אוניברסיטת|جامعة/iu;
const DEGREE =
  /\b(ph\.?\s?d\.?|doctor(?:ate)?(?: of [a-z]+)?|d\.?phil|m\.?\s?sc\.?|m\.?\s?s\.?|m\.?\s?a\.?|m\.?\s?eng\.?|mba|m\.?\s?b\.?\s?a\.?|master(?:'s|’s)?(?: of [a-z]+)?|llm|ll\.?\s?b\.?|b\.?\s?sc\.?|b\.?\s?s\.?|b\.?\s?a\.?|b\.?\s?eng\.?|b\.?\s?tech\.?|m\.?\s?tech\.?|bachelor(?:'s|’s)?(?: of [a-z]+)?|associate(?:'s|’s)? degree|associate of [a-z]+|diploma|higher national diploma|hnd|high school diploma|certificate|licen[cs]e|laurea|diplom|abitur|a-levels?|gcses?)(?![\p{L}])/iu;

function splitDegree(text: string): { degree: string; field: string | null } {
  const match = DEGREE.exec(text);
  if (!match) return { degree: text, field: null };
  let end = match.index + match[0].length;
  // "Bachelor of Fine Arts in Design": the degree's name runs to the "in" before its field.
  const upToIn = /^((?:\s+[\p{Lu}][\p{L}.]*){1,3})\s+in\s+/u.exec(text.slice(end));
  if (upToIn) end += (upToIn[1] as string).length;
  const degree = text.slice(match.index, end).trim();
  const after = text.slice(end).replace(/^\s*(?:\(hons?\)|\(honours\))?\s*(?:in|of|,|:|-|–)\s*/i, '').trim();
  return { degree: degree.replace(/\s+/g, ' '), field: after !== '' ? after.replace(/\s*\(.*\)$/, '') : null };
}

export function parseEducation(lines: readonly string[]): Education[] {
  const schools: Education[] = [];
  for (const block of blocksOf(lines)) {
    let school: string | null = null;
    let degreeText: string | null = null;
    const others: string[] = [];
    for (const piece of splitPieces(block.header)) {
      const { rest, place } = peelPlace(piece);
      if (rest === '' && place) continue;
      if (school === null && SCHOOL_WORDS.test(rest) && !DEGREE.test(rest.replace(SCHOOL_WORDS, ''))) school = rest;
      else if (degreeText === null && DEGREE.test(rest)) degreeText = rest;
      else others.push(rest);
    }
    // "BSc Computer Science, University of Lagos": the degree and the school in one piece.
    if (school === null && degreeText !== null && degreeText.includes(',')) {
      const parts = degreeText.split(/\s*,\s*/);
      const schoolAt = parts.findIndex((part) => SCHOOL_WORDS.test(part));
      if (schoolAt > 0) {
        school = parts.slice(schoolAt).join(', ');
        degreeText = parts.slice(0, schoolAt).join(', ');
      }
    }
    const { degree, field } = degreeText === null ? { degree: null, field: null } : splitDegree(degreeText);
    // "MSc in Statistics" on the line after "2015 – 2017  National University of Singapore": the same school.
    const previous = schools[schools.length - 1];
    if (school === null && degreeText !== null && previous && previous.degree === null) {
      previous.degree = clip(degree);
      previous.fieldOfStudy = clip(field);
      continue;
    }
    school ??= others.shift() ?? null;
    if (school === null) continue;
    schools.push({
      school: clip(school) as string,
      degree: clip(degree),
      fieldOfStudy: clip(field),
      ...period(block.range),
      description: description(block.details),
    });
  }
  return schools.slice(0, PROFILE_LIST_MAX_ITEMS);
}
