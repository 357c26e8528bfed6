import type { FormValues } from './value-checks';

// Its own module with nothing but a type import: the browser's first bundle keeps the tab copies (lib/form-copies)
// without pulling the form engine, its rules and libphonenumber in with them (QUALITY P5).

/**
 * What to do with a file the candidate picked but has not sent yet (an entry still carrying its `content`):
 * - `keepMetadata`: keep the entry without its bytes (name, size, type, uid) — the server's drafts and a
 *   form request's saved progress (forms center), which list what the candidate chose;
 * - `drop`: leave the entry out, keeping only files already stored (entries with a `fileId`), and the field
 *   when none is left — the apply page's tab copy and its server draft, which are restored into the form,
 *   where a file without its bytes could not be sent and would only look attached.
 */
export type UnsentFileRule = 'keepMetadata' | 'drop';

function isUnsentFile(entry: unknown): boolean {
  return entry !== null && typeof entry === 'object' && 'content' in entry;
}

/**
 * What a draft, saved progress or a tab's copy keeps: everything typed, and file entries without their bytes
 * (a draft body is small; files are sent, and checked, with the submit). The one rule for the browser and the
 * server (issue 9, left over: there were two functions of this name with different rules); `unsentFiles`
 * says what becomes of a file not sent yet (UnsentFileRule). Stored files (a `fileId`, no `content`) are kept
 * either way.
 */
export function withoutFileContents(values: FormValues, options: { unsentFiles: UnsentFileRule }): FormValues {
  const result: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (!Array.isArray(value) || !value.some(isUnsentFile)) {
      result[key] = value;
      continue;
    }
    if (options.unsentFiles === 'keepMetadata') {
      result[key] = value.map((entry: unknown) => {
        if (!isUnsentFile(entry)) return entry;
        const { content: _content, ...rest } = entry as Record<string, unknown>;
        return rest;
      });
      continue;
    }
    const stored = value.filter((entry: unknown) => entry !== null && typeof entry === 'object' && !isUnsentFile(entry) && 'fileId' in entry);
    if (stored.length > 0) result[key] = stored;
  }
  return result;
}
