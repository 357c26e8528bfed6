import { toDisplayPhone } from '@careers/contracts';
import type { ParsedResume } from '@careers/contracts';
import { headingKind } from './sections';
import { isPlace } from './places';

/**
 * The header of a resume: who (name, headline), how to reach them (email, phone), where (location) and where
 * else to read about them (LinkedIn, GitHub, a portfolio). Email, phone and links are looked for in the whole
 * text (a two-column resume puts them in a sidebar that may come out after the main column); the name and
 * headline only in the first lines.
 */

const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/u;
const URL_LIKE = /\b(?:https?:\/\/|www\.)[^\s|,;<>()]+|\b(?:linkedin\.com|github\.com|gitlab\.com|behance\.net|dribbble\.com)\/[^\s|,;<>()]+/gi;
/** A run of phone characters with at least 7 digits; the forms engine's rule decides if it is a number. */
const PHONE_CANDIDATE = /(?:\+|\b00)?\(?\d[\d\s().-]{6,22}\d/g;
const DATE_LIKE = /^\s*\d{1,2}[/.]\d{4}|\b(19|20)\d\d\s*[-–]\s*((19|20)\d\d|present)/i;

export function findEmail(text: string): string | null {
  return EMAIL.exec(text)?.[0].replace(/\.$/, '').toLowerCase() ?? null;
}

export function findPhone(text: string, defaultCountry: string): string | null {
  for (const line of text.split('\n')) {
    if (DATE_LIKE.test(line) && !/\+/.test(line)) continue;
    for (const match of line.matchAll(PHONE_CANDIDATE)) {
      const candidate = match[0].replace(/^00/, '+');
      const digits = candidate.replace(/\D/g, '');
      if (digits.length < 7 || digits.length > 15) continue;
      const phone = toDisplayPhone(candidate, defaultCountry);
      if (phone) return phone;
    }
  }
  return null;
}

/** A bare domain written alone as a contact piece: "mai.dev", "mariajose.design/work". */
const BARE_DOMAIN = /^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:dev|io|design|codes|me|com|net|org|app|site|xyz|tech|page|co|ai|blog|studio|art|portfolio|works|online)(?:\/\S*)?$/i;

/** Links anywhere in the text, and bare domains among the pieces of the contact lines. */
export function findLinks(text: string, contactLines: readonly string[] = []): ParsedResume['links'] {
  const links: ParsedResume['links'] = [];
  const seen = new Set<string>();
  const withoutEmails = text.replace(new RegExp(EMAIL.source, 'gu'), ' ');
  const bare = contactLines.flatMap(contactPieces).filter((piece) => BARE_DOMAIN.test(piece) && !EMAIL.test(piece));
  for (const raw of [...[...withoutEmails.matchAll(URL_LIKE)].map((match) => match[0]), ...bare]) {
    const url = normaliseUrl(raw);
    if (url === null || seen.has(url.toLowerCase())) continue;
    seen.add(url.toLowerCase());
    links.push({ label: linkLabel(url), url });
    if (links.length >= 10) break;
  }
  return links;
}

function normaliseUrl(raw: string): string | null {
  const trimmed = raw.replace(/[.,;:!?)\]]+$/, '');
  const url = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const parsed = new URL(url);
    if (!parsed.hostname.includes('.') || url.length > 500) return null;
    return `${parsed.protocol}//${parsed.hostname.toLowerCase()}${parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '')}${parsed.search}`;
  } catch {
    return null;
  }
}

function linkLabel(url: string): string {
  const host = new URL(url).hostname.replace(/^www\./, '');
  if (host.endsWith('linkedin.com')) return 'LinkedIn';
  if (host === 'github.com') return 'GitHub';
  if (host === 'gitlab.com') return 'GitLab';
  if (host === 'behance.net') return 'Behance';
  if (host === 'dribbble.com') return 'Dribbble';
  if (host === 'twitter.com' || host === 'x.com') return 'X';
  return 'Portfolio';
}

const NOT_A_NAME = /^(curriculum vitae|resume|résumé|cv|lebenslauf)$/i;
/** Two to four words of letters (any script), as a name is written; a single word of a script without spaces. */
const NAME = /^[\p{L}\p{M}'’.-]+(?:\s+[\p{L}\p{M}'’.-]+){1,3}$/u;
const SINGLE_WORD_NAME = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]{2,6}$/u;

const NAME_CONTINUATION = /^[\p{Lu}][\p{L}\p{M}'’-]+(?:\s+[\p{Lu}][\p{L}\p{M}'’-]+){0,2}$/u;
/** Words of a headline under the name ("Data Scientist"), which is not the rest of the name. */
const TITLE_LIKE = /\b(engineer|developer|designer|manager|scientist|analyst|nurse|director|consultant|specialist|lead|architect|accountant|officer|partner|programmer|teacher|writer|assistant)\b/i;

export interface HeaderFacts {
  firstName: string | null;
  lastName: string | null;
  headline: string | null;
  location: string | null;
}

/** Pieces of a contact line: "a@b.com | +44 20 … | London, UK" → three pieces. */
export function contactPieces(line: string): string[] {
  return line.split(/\s+[|•·▪]\s+|\s{2,}|\s+[–—]\s+|\t/).map((piece) => piece.replace(/^(location|address|based in|lives in)\s*:\s*/i, '').trim()).filter(Boolean);
}

function isContactNoise(piece: string): boolean {
  return EMAIL.test(piece) || /https?:\/\/|www\.|linkedin|github/i.test(piece) || /\d{4,}|\+\d/.test(piece.replace(/\s/g, ''));
}

export function readHeader(header: readonly string[], contactLines: readonly string[]): HeaderFacts {
  const facts: HeaderFacts = { firstName: null, lastName: null, headline: null, location: null };
  const lines = header.filter((line) => line !== '' && !NOT_A_NAME.test(line.trim()));
  let nameAt = -1;
  for (let at = 0; at < Math.min(lines.length, 4); at++) {
    let line = (lines[at] as string).replace(/^name\s*:\s*/i, '').trim();
    // A long name wrapped in a narrow column: "Lucas" / "Oliveira Silva".
    const next = lines[at + 1];
    if (/^[\p{Lu}][\p{L}\p{M}'’-]+$/u.test(line) && next !== undefined && NAME_CONTINUATION.test(next) && !TITLE_LIKE.test(next)) {
      line = `${line} ${next.trim()}`;
      lines.splice(at + 1, 1);
    }
    if (isContactNoise(line) || headingKind(line) !== null || isPlace(line)) continue;
    if (NAME.test(line) || SINGLE_WORD_NAME.test(line)) {
      const words = line.split(/\s+/);
      facts.firstName = words[0] as string;
      facts.lastName = words.length > 1 ? words.slice(1).join(' ') : null;
      nameAt = at;
      break;
    }
  }
  // The line under the name, when it is not contact details, is the headline ("Senior Data Engineer").
  const next = nameAt >= 0 ? lines[nameAt + 1] : undefined;
  if (next !== undefined && !isContactNoise(next) && !isPlace(next) && contactPieces(next).length === 1 && next.length <= 100) facts.headline = next.trim();
  for (const line of [...lines, ...contactLines]) {
    const place = contactPieces(line).find((piece) => !isContactNoise(piece) && isPlace(piece));
    if (place) {
      facts.location = place;
      break;
    }
  }
  return facts;
}
