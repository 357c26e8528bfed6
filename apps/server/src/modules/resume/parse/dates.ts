/**
 * Dates as resumes write them, read into the profile's `YYYY-MM` (candidate-profile.ts): "Jan 2020",
 * "January 2020", "Sept. 2019", "03/2018", "3.2018", "2018-03", "2019". A year alone starts in January and
 * ends in December, so "2019–2021" covers both years whole. An end of "Present", "Current", "Now", "today" or
 * "to date" makes the entry current, with no end.
 */

export interface DateRange {
  startDate: string | null;
  endDate: string | null;
  isCurrent: boolean;
  /** Where the range sits in the line it was found in, so the caller can take it out. */
  index: number;
  length: number;
}

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11,
  dec: 12, december: 12,
};

const MONTH_NAME = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const YEAR = '(?:19[5-9]\\d|20\\d\\d)';
/** One point in time: a month name and year, a numeric month and year (either order), or a year. */
const POINT = `(?:${MONTH_NAME}\\s*,?\\s*'?${YEAR}|(?:0?[1-9]|1[0-2])\\s*[/.]\\s*${YEAR}|${YEAR}\\s*[-/.]\\s*(?:0[1-9]|1[0-2])(?!\\d)|${YEAR})`;
const NOW = '(?:present|current(?:ly)?|now|today|to date|ongoing)';
const SEPARATOR = '\\s*(?:-|–|—|−|to|until|till|~|→)\\s*';
const RANGE = new RegExp(`(?<![\\p{L}\\d])(${POINT})(?:${SEPARATOR}(${POINT}|${NOW}))?(?![\\p{L}\\d])`, 'iu');
const NOW_ONLY = new RegExp(`^${NOW}$`, 'i');

function pad(month: number): string {
  return String(month).padStart(2, '0');
}

/** One point → `YYYY-MM`; a year alone takes `yearOnlyMonth`. */
export function parsePoint(text: string, yearOnlyMonth: number): string | null {
  const value = text.trim().toLowerCase().replace(/'/g, '');
  let match = /^([a-z]+)\.?\s*,?\s*(\d{4})$/.exec(value);
  if (match) {
    const month = MONTHS[match[1] as string];
    return month ? `${match[2]}-${pad(month)}` : null;
  }
  match = /^(\d{1,2})\s*[/.]\s*(\d{4})$/.exec(value);
  if (match) return `${match[2]}-${pad(Number(match[1]))}`;
  match = /^(\d{4})\s*[-/.]\s*(\d{2})$/.exec(value);
  if (match) return `${match[1]}-${match[2]}`;
  match = /^(\d{4})$/.exec(value);
  if (match) return `${match[1]}-${pad(yearOnlyMonth)}`;
  return null;
}

/** The first date or date range in a line, or null. A lone year counts only when `allowLoneYear`. */
export function findDateRange(line: string, allowLoneYear = true): DateRange | null {
  const match = RANGE.exec(line);
  if (!match) return null;
  const [whole, startText, endText] = match as unknown as [string, string, string | undefined];
  if (endText === undefined && /^\d{4}$/.test(startText.trim()) && !allowLoneYear) return null;
  const startDate = parsePoint(startText, 1);
  if (!startDate) return null;
  if (endText === undefined) {
    // A single point: a graduation or a certificate date, when the entry ended.
    return { startDate: null, endDate: parsePoint(startText, 12), isCurrent: false, index: match.index, length: whole.length };
  }
  if (NOW_ONLY.test(endText.trim())) return { startDate, endDate: null, isCurrent: true, index: match.index, length: whole.length };
  let endDate = parsePoint(endText, 12);
  if (endDate !== null && endDate < startDate) endDate = null;
  return { startDate, endDate, isCurrent: false, index: match.index, length: whole.length };
}

/** The line without its date range (and the brackets or separators it leaves behind). */
export function withoutRange(line: string, range: DateRange): string {
  const text = `${line.slice(0, range.index)} ${line.slice(range.index + range.length)}`;
  return text
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s|,–—·•:-]+|[\s|,–—·•:(-]+$/g, '')
    .trim();
}
