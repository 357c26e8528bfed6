import type { ImportProblem, ParsedImport } from './import-records';

/**
 * Our own format: a JSON array of position inputs (the PositionInput shape of position-rows.ts, as the
 * employer API's bulk call takes them), or `{ "positions": [...] }`. Records are passed on as they are;
 * the batch write checks each.
 */
/** `value`: the file's parsed JSON. */
export function parseJsonImport(value: unknown): ParsedImport {
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.positions) ? value.positions : null;
  if (list === null) return { records: [], problems: [{ record: 0, line: null, field: 'file', message: 'expected an array of positions or { "positions": [...] }' }] };
  return { records: list.map((input: unknown, index) => ({ record: index + 1, line: null, input })), problems: [] };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON.parse, with the line of a syntax error where the engine says its position. */
export function parseJson(text: string): { value: unknown } | { problem: ImportProblem } {
  try {
    return { value: JSON.parse(text.replace(/^\uFEFF/, '')) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : null;
    return { problem: { record: 0, line, field: 'json', message } };
  }
}
