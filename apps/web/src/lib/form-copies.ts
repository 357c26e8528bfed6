import type { FormValues } from '@careers/contracts';
import { withoutFileContents } from '@careers/contracts/file-contents';

/**
 * A copy of what a candidate is typing into a form, kept in this tab's sessionStorage so nothing is lost to a
 * reload, a lost connection or a failed submit (issue 9). Cleared on submit, and with the rest of the tab's storage on sign-out (lib/client-storage.ts, QUALITY T24): it
 * holds personal answers. File contents never go in (they are large, and a draft holds what was typed); a file
 * not sent yet is left out (`unsentFiles: 'drop'`): restored without its bytes it could not be sent.
 */
const PREFIX = 'careers.form-copy:';

export interface FormCopy {
  /** What the copy is for (the jobs of an application). */
  scope: readonly (string | number)[];
  values: FormValues;
  savedAt: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readFormCopy(key: string): FormCopy | null {
  const text = storage()?.getItem(PREFIX + key);
  if (!text) return null;
  try {
    const copy = JSON.parse(text) as FormCopy;
    return copy && typeof copy === 'object' && copy.values && typeof copy.values === 'object' && Array.isArray(copy.scope) ? copy : null;
  } catch {
    return null;
  }
}

export function writeFormCopy(key: string, copy: Omit<FormCopy, 'savedAt'>): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify({ ...copy, values: withoutFileContents(copy.values, { unsentFiles: 'drop' }), savedAt: new Date().toISOString() }));
  } catch {
    // Full or refused storage: the server draft still holds the answers.
  }
}

export function removeFormCopy(key: string): void {
  storage()?.removeItem(PREFIX + key);
}
