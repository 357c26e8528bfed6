import { Suspense, useMemo, type ReactNode } from 'react';
import { lazyNamed } from '../../../lib/lazy-named';
import { buttonClassName } from '../../../ui/button';
import { storedFileHref } from '../api/offer-api-paths';
import { pdfBlobFromBase64 } from '../pdf-bytes';
import { useOffersTranslation } from '../offers-i18n';
import type { PdfViewerProps } from './pdf-viewer';
import { PdfPageSkeleton } from './pdf-page-skeleton';

// pdf.js (~125 KB gzip and a 1 MB worker) loads only where a letter is shown (QUALITY P5).
const PdfViewer = lazyNamed<PdfViewerProps, 'PdfViewer'>(() => import('./pdf-viewer'), 'PdfViewer');

export interface LetterViewerProps {
  /** The letter's base64 bytes (spec §3 `b64_string`). */
  base64: string | null | undefined;
  title: string;
  /** Where the file is kept when it was too large to inline (`s3_path`). */
  storedPath?: string | null;
  fallbackAction?: ReactNode;
}

/** The letter inline, or a plain message when there are no bytes to show. */
export function LetterViewer({ base64, title, storedPath, fallbackAction }: LetterViewerProps) {
  const { t } = useOffersTranslation();
  const file = useMemo(() => {
    try {
      return pdfBlobFromBase64(base64);
    } catch {
      return null;
    }
  }, [base64]);
  if (!file && !base64 && storedPath) {
    return (
      <div className="pdf-viewer pdf-viewer--failed" role="status">
        <p>{t('viewer.storedFile')}</p>
        <a className={buttonClassName('secondary')} href={storedFileHref(storedPath)} download>
          {t('viewer.openStored')}
        </a>
      </div>
    );
  }
  if (!file) {
    return (
      <div className="pdf-viewer pdf-viewer--failed" role="status">
        <p>{base64 ? t('viewer.failed') : t('toasts.noLetterContent')}</p>
        {base64 ? fallbackAction : null}
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <div className="pdf-viewer" role="status" aria-live="polite">
          <span className="visually-hidden">{t('viewer.loading')}</span>
          <div className="pdf-viewer__toolbar" aria-hidden="true" />
          <div className="pdf-viewer__frame">
            <PdfPageSkeleton />
          </div>
        </div>
      }
    >
      <PdfViewer file={file} title={title} fallbackAction={fallbackAction} />
    </Suspense>
  );
}
