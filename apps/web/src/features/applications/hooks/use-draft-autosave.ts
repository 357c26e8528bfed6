import type { FormValues } from '@careers/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { writeFormCopy } from '../../../lib/form-copies';
import { saveDraft } from '../api/save-draft';

/** Answers are saved this long after the candidate stops typing (issue 9 "debounced"). */
export const DRAFT_SAVE_DEBOUNCE_MS = 1000;
/** A failed save is tried again after this long, or at once when the connection comes back. */
export const DRAFT_RETRY_MS = 5000;
/** The tab's own copy follows the typing closely: a reload loses at most this much. */
const LOCAL_COPY_DEBOUNCE_MS = 250;

export type AutosaveStatus = { state: 'idle'; savedAt: string | null } | { state: 'saving' } | { state: 'saved'; savedAt: string } | { state: 'failed' };

export interface DraftAutosave {
  status: AutosaveStatus;
  /** A change of the answers: kept locally at once, saved to the server after a pause. */
  onChange: (values: FormValues) => void;
  /** Stops saving (the application was submitted): nothing pending is sent. */
  stop: () => void;
}

/**
 * Autosave of an application's answers (issue 9 "Drafts autosave field by field while the candidate types"):
 * a copy in this tab at once (reload, lost connection), the server draft after a second's pause (another
 * device), retried until it succeeds. Logged out there is no server draft: the tab's copy alone.
 */
export function useDraftAutosave(options: { positionIds: readonly number[]; copyKey: string; isServerDraft: boolean; savedAt: string | null }): DraftAutosave {
  const { positionIds, copyKey, isServerDraft } = options;
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle', savedAt: options.savedAt });
  const pending = useRef<FormValues | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The answers the tab's copy has not taken yet (written when its short pause ends, or at once on leaving). */
  const pendingCopy = useRef<FormValues | null>(null);
  const isSaving = useRef(false);
  const isStopped = useRef(false);
  const target = useRef({ positionIds, copyKey, isServerDraft });
  useEffect(() => {
    target.current = { positionIds, copyKey, isServerDraft };
  }, [positionIds, copyKey, isServerDraft]);

  const save = useCallback(async function flush(): Promise<void> {
    clearTimeout(saveTimer.current);
    const values = pending.current;
    if (!values || isSaving.current || isStopped.current || !target.current.isServerDraft) return;
    pending.current = null;
    isSaving.current = true;
    setStatus({ state: 'saving' });
    try {
      const savedAt = await saveDraft(target.current.positionIds, values);
      isSaving.current = false;
      if (isStopped.current) return;
      if (pending.current) {
        // Typed again while this one was on its way: the newer answers follow after the usual pause.
        saveTimer.current = setTimeout(() => void flush(), DRAFT_SAVE_DEBOUNCE_MS);
        return;
      }
      setStatus({ state: 'saved', savedAt });
    } catch {
      isSaving.current = false;
      if (isStopped.current) return;
      pending.current ??= values;
      setStatus({ state: 'failed' });
      saveTimer.current = setTimeout(() => void flush(), DRAFT_RETRY_MS);
    }
  }, []);

  const writeCopy = useCallback(() => {
    clearTimeout(copyTimer.current);
    const values = pendingCopy.current;
    pendingCopy.current = null;
    if (values) writeFormCopy(target.current.copyKey, { scope: target.current.positionIds, values });
  }, []);

  useEffect(() => {
    const retryNow = () => void save();
    // Leaving (another screen of the site, another site, a closed tab) must not lose the last words typed: the
    // tab's copy is written at once and the pending server save is sent with keepalive, which outlives the page.
    const flushOnLeave = () => {
      writeCopy();
      clearTimeout(saveTimer.current);
      const values = pending.current;
      if (!values || isStopped.current || !target.current.isServerDraft) return;
      pending.current = null;
      saveDraft(target.current.positionIds, values, { keepalive: true }).catch(() => {
        // The tab's copy holds these answers; the next visit's changes save them again.
      });
    };
    window.addEventListener('online', retryNow);
    window.addEventListener('pagehide', flushOnLeave);
    return () => {
      window.removeEventListener('online', retryNow);
      window.removeEventListener('pagehide', flushOnLeave);
      flushOnLeave();
    };
  }, [save, writeCopy]);

  const onChange = useCallback(
    (values: FormValues) => {
      if (isStopped.current) return;
      clearTimeout(copyTimer.current);
      pendingCopy.current = values;
      copyTimer.current = setTimeout(writeCopy, LOCAL_COPY_DEBOUNCE_MS);
      if (!target.current.isServerDraft) return;
      pending.current = values;
      if (isSaving.current) return;
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => void save(), DRAFT_SAVE_DEBOUNCE_MS);
    },
    [save, writeCopy],
  );

  const stop = useCallback(() => {
    isStopped.current = true;
    pending.current = null;
    pendingCopy.current = null;
    clearTimeout(saveTimer.current);
    clearTimeout(copyTimer.current);
  }, []);

  return { status, onChange, stop };
}
