import { useTranslation } from 'react-i18next';
import './settings.css';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { numberFormat } from '../../../lib/intl';
import { useTimeZone } from '../../../lib/session';
import { Button, buttonClassName } from '../../../ui/button';
import { StateView } from '../../../ui/state-view';
import { useToast } from '../../../ui/toast';
import { useDataExport, useStartDataExport } from '../api/data-export';

function fileSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** Issue 11 "Download all my data": made in the background, its progress followed here, kept 24 h. */
export function DataExportSection() {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const timeZone = useTimeZone();
  const current = useDataExport();
  const start = useStartDataExport();

  if (current.isPending) return <StateView status="loading" lines={2} />;
  if (current.isError) return <StateView status="error" message={t('dataExport.loadFailed')} onRetry={() => void current.refetch()} />;

  const job = current.data.export;
  const onStart = () => start.mutate(undefined, { onError: (error) => toast.show({ message: errorMessage(t, error), style: 'error' }) });
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language, timeZone) : '');

  if (job && (job.status === 'pending' || job.status === 'running')) {
    return (
      <div className="settings-export" aria-live="polite">
        <p className="settings-export__status">{t('dataExport.preparing', { percent: job.progress })}</p>
        <div
          className="settings-progress"
          role="progressbar"
          aria-label={t('dataExport.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={job.progress}
        >
          <div className="settings-progress__bar" style={{ inlineSize: `${Math.max(job.progress, 4)}%` }} />
        </div>
      </div>
    );
  }

  return (
    <div className="settings-export" aria-live="polite">
      {job?.status === 'ready' && job.downloadUrl ? (
        <div className="settings-export__ready">
          <p className="settings-export__title">{t('dataExport.readyTitle')}</p>
          <p className="settings-export__meta">{t('dataExport.readyText', { date: when(job.readyAt), expires: when(job.expiresAt) })}</p>
          <div className="settings-export__actions">
            <a className={buttonClassName('primary')} href={job.downloadUrl} download>
              {t('dataExport.download', { size: fileSize(job.size ?? 0, i18n.language) })}
            </a>
            <Button variant="tertiary" onClick={onStart} isLoading={start.isPending}>
              {t('dataExport.again')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {job?.status === 'failed' ? (
            <p className="settings-export__problem" role="alert">
              {t('dataExport.failed')}
            </p>
          ) : null}
          {job?.status === 'expired' ? <p className="settings-export__meta">{t('dataExport.expired')}</p> : null}
          <div>
            <Button variant="secondary" onClick={onStart} isLoading={start.isPending}>
              {t('dataExport.start')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
