import { CsvError, parse } from 'csv-parse/sync';
import { employmentTypeOf, isoInstant, locationsOf, RecordProblems, type ImportProblem, type ImportRecord, type ParsedImport } from './import-records';

/**
 * Spreadsheets: a CSV file (comma separated, RFC 4180 quoting, UTF-8, a header row naming the columns in
 * any order; docs/position-import.md). Line numbers are the file's own, so a record spanning lines (a
 * quoted description) is reported at the line it starts on.
 */

export const CSV_REQUIRED_COLUMNS = ['external_ref', 'title', 'department', 'employment_type', 'seniority', 'description', 'location', 'posted_at'] as const;
export const CSV_OPTIONAL_COLUMNS = ['skills', 'is_remote', 'salary_min', 'salary_max', 'salary_currency', 'valid_through'] as const;
const KNOWN_COLUMNS = new Set<string>([...CSV_REQUIRED_COLUMNS, ...CSV_OPTIONAL_COLUMNS]);

type Row = Record<string, string>;

function booleanOf(text: string): boolean | null {
  const key = text.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(key)) return true;
  if (['false', 'no', 'n', '0', ''].includes(key)) return false;
  return null;
}

function amountOf(text: string, column: string, problems: RecordProblems): number | null {
  const trimmed = text.trim().replace(/[_,\s]/g, '');
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) {
    problems.add(column, `expected a whole number, got "${text}"`);
    return null;
  }
  return Number(trimmed);
}

/** A list cell: items separated by ";" or "|". */
const listOf = (text: string): string[] =>
  text
    .split(/[;|]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

function mapRow(row: Row, problems: RecordProblems): unknown {
  const places = locationsOf([row.location ?? ''], problems, 'location');
  const postedAt = isoInstant(row.posted_at ?? '');
  if (postedAt === null) problems.add('posted_at', `expected a date (2026-11-02) or date-time, got "${row.posted_at ?? ''}"`);
  const validText = (row.valid_through ?? '').trim();
  const validThrough = validText === '' ? null : isoInstant(validText);
  if (validText !== '' && validThrough === null) problems.add('valid_through', `expected a date (2026-11-02) or date-time, got "${validText}"`);
  const remoteCell = booleanOf(row.is_remote ?? '');
  if (remoteCell === null) problems.add('is_remote', `expected true or false, got "${row.is_remote ?? ''}"`);
  const salaryMin = amountOf(row.salary_min ?? '', 'salary_min', problems);
  const salaryMax = amountOf(row.salary_max ?? '', 'salary_max', problems);
  const currency = (row.salary_currency ?? '').trim().toUpperCase();
  if (problems.list.length > 0 || places === null) return null;
  const employment = (row.employment_type ?? '').trim();
  return {
    externalRef: (row.external_ref ?? '').trim(),
    title: (row.title ?? '').trim(),
    department: (row.department ?? '').trim(),
    employmentType: employmentTypeOf(employment) ?? employment,
    seniority: (row.seniority ?? '').trim().toLowerCase(),
    description: (row.description ?? '').replace(/\r\n?/g, '\n').trim(),
    skills: listOf(row.skills ?? ''),
    isRemote: places.isRemote || remoteCell === true,
    salaryMin,
    salaryMax,
    salaryCurrency: currency === '' ? null : currency,
    postedAt,
    validThrough,
    locations: places.locations,
  };
}

export function parseCsvImport(text: string): ParsedImport {
  let rows: { record: string[]; info: { lines: number; empty_lines: number } }[];
  try {
    rows = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof rows;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? null;
      return { records: [], problems: [{ record: 0, line, field: 'csv', message: error.message }] };
    }
    throw error;
  }
  const header = rows[0];
  if (header === undefined) return { records: [], problems: [{ record: 0, line: null, field: 'file', message: 'the file is empty (expected a header row)' }] };
  const headerLine = header.info.lines;
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const fileProblems: ImportProblem[] = [];
  for (const column of CSV_REQUIRED_COLUMNS) {
    if (!columns.includes(column)) fileProblems.push({ record: 0, line: headerLine, field: 'header', message: `missing column "${column}"` });
  }
  columns.forEach((column, at) => {
    if (!KNOWN_COLUMNS.has(column)) fileProblems.push({ record: 0, line: headerLine, field: 'header', message: `unknown column "${header.record[at] ?? ''}"` });
    else if (columns.indexOf(column) !== at) fileProblems.push({ record: 0, line: headerLine, field: 'header', message: `column "${column}" appears twice` });
  });
  if (fileProblems.length > 0) return { records: [], problems: fileProblems };

  const records: ImportRecord[] = [];
  const problems: ImportProblem[] = [];
  let previous = header.info;
  rows.slice(1).forEach(({ record: cells, info }, index) => {
    const line = previous.lines + 1 + (info.empty_lines - previous.empty_lines);
    previous = info;
    const recordProblems = new RecordProblems(index + 1, line);
    if (cells.length !== columns.length) {
      recordProblems.add('(row)', `expected ${columns.length} fields, got ${cells.length}`);
      records.push({ record: index + 1, line, input: null });
      problems.push(...recordProblems.list);
      return;
    }
    const row: Row = Object.fromEntries(columns.map((column, at) => [column, cells[at] ?? '']));
    const input = mapRow(row, recordProblems);
    problems.push(...recordProblems.list);
    records.push({ record: index + 1, line, input });
  });
  return { records, problems };
}
