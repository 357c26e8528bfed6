import { formatDateTime } from '../../../lib/format';
import { intlLocale } from '../../../lib/intl';
import type { AutosaveStatus } from '../hooks/use-draft-autosave';
import { useApplyTranslation } from '../applications-i18n';

/** The quiet line beside Submit: Saving…, Saved, Not saved — retrying (issue 9 drafts). */
export function AutosaveStatusText({ status, isServerDraft }: { status: AutosaveStatus; isServerDraft: boolean }) {
  const { t, i18n } = useApplyTranslation();
  let text: string;
  switch (status.state) {
    case 'idle':
      text = !isServerDraft ? t('autosave.local') : status.savedAt ? t('autosave.restored', { time: formatDateTime(status.savedAt, intlLocale(i18n.language)) }) : t('autosave.idle');
      break;
    case 'saving':
      text = t('autosave.saving');
      break;
    case 'saved':
      text = t('autosave.saved');
      break;
    case 'failed':
      text = t('autosave.failed');
      break;
  }
  return (
    <p className={`apply-autosave apply-autosave--${status.state}`} role="status">
      <span className="apply-autosave__dot" aria-hidden="true" />
      {text}
    </p>
  );
}
