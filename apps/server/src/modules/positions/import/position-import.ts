import { validatePositionInputs } from '../position-batch.service';
import type { PositionInput } from '../position-rows';
import { parseCsvImport } from './csv-import';
import { parseGreenhouseImport } from './greenhouse-import';
import type { ImportFormat, ImportProblem, ParsedImport } from './import-records';
import { isObject, parseJson, parseJsonImport } from './json-import';
import { parseLeverImport } from './lever-import';

/**
 * A position file read whole before anything is written (issue 10): the format named or sniffed, every
 * record mapped to a position input and checked, and every problem reported. Pure: no database.
 */

export interface ReadImport {
  format: ImportFormat;
  /** Every record's input when the file has no problem; empty otherwise. */
  inputs: PositionInput[];
  problems: ImportProblem[];
  records: number;
}

/** The format a file is in, from its first bytes (and, for JSON, its shape). */
export function sniffFormat(text: string, value?: unknown): ImportFormat {
  const start = text.replace(/^\uFEFF/, '').trimStart()[0];
  if (start !== '[' && start !== '{') return 'csv';
  if (isObject(value) && Array.isArray(value.jobs)) return 'greenhouse';
  if (Array.isArray(value) && isObject(value[0]) && typeof value[0].text === 'string' && isObject(value[0].categories)) return 'lever';
  return 'json';
}

const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** CSV problems name the file's columns: salaryCurrency → salary_currency, locations.0.lat → location. */
function csvField(field: string): string {
  const head = field.split('.')[0] ?? field;
  if (head === 'locations') return 'location';
  if (head === 'isRemote') return 'is_remote';
  return snakeCase(head) + field.slice(head.length);
}

export function readImport(text: string, format?: ImportFormat): ReadImport {
  let parsed: ParsedImport;
  let chosen: ImportFormat;
  if (format === 'csv' || (format === undefined && sniffFormat(text) === 'csv')) {
    chosen = 'csv';
    parsed = parseCsvImport(text);
  } else {
    const json = parseJson(text);
    chosen = format ?? sniffFormat(text, 'value' in json ? json.value : undefined);
    if ('problem' in json) return { format: chosen, inputs: [], problems: [json.problem], records: 0 };
    parsed = chosen === 'greenhouse' ? parseGreenhouseImport(json.value) : chosen === 'lever' ? parseLeverImport(json.value) : parseJsonImport(json.value);
  }
  const mapped = parsed.records.filter((record) => record.input !== null);
  const lineOf = new Map(parsed.records.map((record) => [record.record, record.line]));
  const checked = validatePositionInputs(
    mapped.map((record) => record.input),
    mapped.map((record) => record.record),
  );
  const problems = [
    ...parsed.problems,
    ...checked.problems.map((problem) => ({ ...problem, line: lineOf.get(problem.record) ?? null, field: chosen === 'csv' ? csvField(problem.field) : problem.field })),
  ].sort((a, b) => a.record - b.record);
  return { format: chosen, inputs: problems.length === 0 ? checked.inputs : [], problems, records: parsed.records.length };
}
