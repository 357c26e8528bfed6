import { resolveLocations } from '../places/gazetteer';
import type { PositionInput } from '../position-rows';

/**
 * What every import format turns a file into (issue 10 `positions import`): one record per position in
 * the file's order, each with the line it starts on (CSV) and its position input — or, where the file's
 * record could not be mapped, the problems that stopped it. The batch write then checks the inputs
 * (position-batch.service.ts validatePositionInputs) and reports in the same terms.
 */

export interface ImportProblem {
  /** From 1, in the file's order; 0 for a problem of the file itself (a header, bad quoting). */
  record: number;
  /** The line the record starts on, where the format has lines (CSV). */
  line: number | null;
  field: string;
  message: string;
}

export interface ImportRecord {
  record: number;
  line: number | null;
  /** Null when mapping the record failed (its problems are in ParsedImport.problems). */
  input: unknown;
}

export interface ParsedImport {
  records: ImportRecord[];
  problems: ImportProblem[];
}

export const IMPORT_FORMATS = ['json', 'csv', 'greenhouse', 'lever'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** `record 3 (line 7): title: Required`, `record 3: …` without lines, `line 4: …` for the file's own problems. */
export function formatImportProblem(problem: ImportProblem): string {
  const where = problem.record === 0 ? (problem.line === null ? 'file' : `line ${problem.line}`) : `record ${problem.record}${problem.line === null ? '' : ` (line ${problem.line})`}`;
  return `${where}: ${problem.field}: ${problem.message}`;
}

/** Collects one record's problems while it is mapped. */
export class RecordProblems {
  readonly list: ImportProblem[] = [];
  constructor(
    readonly record: number,
    readonly line: number | null,
  ) {}
  add(field: string, message: string): void {
    this.list.push({ record: this.record, line: this.line, field, message });
  }
}

/** Our employment type codes from the words ATSs and spreadsheets use ("Full-time", "Contractor", "Intern"). */
const EMPLOYMENT_WORDS: Record<string, string> = {
  fulltime: 'FULL_TIME',
  permanent: 'FULL_TIME',
  regular: 'FULL_TIME',
  parttime: 'PART_TIME',
  contract: 'CONTRACT',
  contractor: 'CONTRACT',
  freelance: 'CONTRACT',
  fixedterm: 'CONTRACT',
  intern: 'INTERNSHIP',
  internship: 'INTERNSHIP',
  workingstudent: 'INTERNSHIP',
  temporary: 'TEMPORARY',
  temp: 'TEMPORARY',
  seasonal: 'TEMPORARY',
  perdiem: 'PER_DIEM',
  volunteer: 'VOLUNTEER',
  other: 'OTHER',
};

/** An employment type code for the text, or null when it is not one we know. */
export function employmentTypeOf(text: string): string | null {
  const key = text.toLowerCase().replace(/[^a-z]/g, '');
  return EMPLOYMENT_WORDS[key] ?? null;
}

export const SENIORITY_VALUES = ['entry', 'mid', 'senior', 'lead', 'principal'] as const;

/** The seniority a title implies (ATS feeds carry none): "Senior …" senior, "Staff …"/"Lead …" lead, and so on. */
export function seniorityFromTitle(title: string): string {
  const words = ` ${title.toLowerCase().replace(/[^a-z]+/g, ' ')} `;
  if (/ (principal|director|vp|vice president|chief|distinguished) /.test(words)) return 'principal';
  if (/ (lead|staff|head) /.test(words)) return 'lead';
  if (/ (senior|sr) /.test(words)) return 'senior';
  if (/ (junior|jr|graduate|entry|intern|internship|trainee|apprentice|associate) /.test(words)) return 'entry';
  return 'mid';
}

/** An ISO instant in UTC ("2026-11-02T00:00:00.000Z") from a date, a date-time with any offset, or epoch milliseconds. */
export function isoInstant(value: unknown): string | null {
  let date: Date;
  if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) date = new Date(`${value.trim()}T00:00:00.000Z`);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value.trim())) date = new Date(value.trim().replace(' ', 'T'));
  else return null;
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Places for the location texts, or a problem: every part must be a known place or a remote marker, and a
 * remote position needs one place to stand on the map ("Remote - Germany" stands in Berlin).
 */
export function locationsOf(texts: readonly string[], problems: RecordProblems, field: string): { locations: PositionInput['locations']; isRemote: boolean } | null {
  const resolved = resolveLocations(texts);
  for (const unknown of resolved.unknown) problems.add(field, `unknown place "${unknown}" (name a city the gazetteer knows, e.g. "Berlin, Germany" or "Austin, TX")`);
  if (resolved.unknown.length > 0) return null;
  if (resolved.places.length === 0) {
    problems.add(field, resolved.isRemote ? 'a remote position needs a country or city too (e.g. "Remote - United States")' : 'no location given');
    return null;
  }
  return { locations: resolved.places.slice(0, 100), isRemote: resolved.isRemote };
}

/** A value as text, or '' when absent. */
export function textValue(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
