import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Button } from '../../../ui/button';
import { useOffersTranslation } from '../offers-i18n';
import { DEFAULT_PAGE_POINTS, naturalPageWidth, pageWidthFor, steppedZoom, zoomOutTarget, zoomPercent, type PdfZoom } from '../pdf-zoom';
import { PdfPageSkeleton } from './pdf-page-skeleton';
import './pdf-viewer.css';

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

/** No eval: the site's CSP has no 'unsafe-eval', and pdf.js draws fonts just as well without it. */
const DOCUMENT_OPTIONS = { isEvalSupported: false } as const;

export interface PdfViewerProps {
  /** The PDF; a Blob is read afresh on every load (pdf.js hands its bytes over to the worker). */
  file: Blob;
  /** Accessible name of the document region. */
  title: string;
  /** Shown when the PDF cannot be drawn, e.g. a Download button. */
  fallbackAction?: React.ReactNode;
}

/**
 * The offer letter inline with pdf.js (issue 4): one page at a time with page navigation and zoom, the text
 * layer on so the letter can be read by screen readers, selected and searched, and a page that fits the
 * screen's width down to a 375 px phone.
 */
export function PdfViewer({ file, title, fallbackAction }: PdfViewerProps) {
  const { t } = useOffersTranslation();
  const [pageCount, setPageCount] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  // Fit to width on a phone, the page's own size where it fits (pdf-zoom.ts, issue 8 §6).
  const [zoom, setZoom] = useState<PdfZoom>('fit');
  const [naturalWidth, setNaturalWidth] = useState(() => naturalPageWidth(DEFAULT_PAGE_POINTS));
  const [hasFailed, setFailed] = useState(false);
  const [frameRef, frameWidth] = useElementWidth<HTMLDivElement>();
  const fitWidth = pageWidthFor('fit', frameWidth, naturalWidth);
  const pageWidth = pageWidthFor(zoom, frameWidth, naturalWidth);
  const scale = pageWidth / naturalWidth;
  const zoomIn = steppedZoom(scale, 'in');
  const zoomOut = zoomOutTarget(scale, fitWidth / naturalWidth);

  const onLoadSuccess = useCallback(({ numPages }: { numPages: number }) => {
    setPageCount(numPages);
    setPageNumber((current) => Math.min(current, numPages));
    setFailed(false);
  }, []);
  const loading = useMemo(() => <PdfPageSkeleton width={fitWidth} />, [fitWidth]);

  if (hasFailed) {
    return (
      <div className="pdf-viewer pdf-viewer--failed" role="alert">
        <p>{t('viewer.failed')}</p>
        {fallbackAction}
      </div>
    );
  }

  return (
    <section className="pdf-viewer" aria-label={title}>
      <div className="pdf-viewer__toolbar">
        <div className="pdf-viewer__group">
          <Button
            variant="tertiary"
            size="sm"
            onClick={() => setPageNumber((page) => Math.max(1, page - 1))}
            disabled={pageNumber <= 1}
            aria-label={t('viewer.previous')}
            icon={<Chevron direction="left" />}
          />
          <span className="pdf-viewer__status" aria-live="polite">
            {pageCount > 0 ? t('viewer.page', { page: pageNumber, count: pageCount }) : '\u00a0'}
          </span>
          <Button
            variant="tertiary"
            size="sm"
            onClick={() => setPageNumber((page) => Math.min(pageCount, page + 1))}
            disabled={pageNumber >= pageCount}
            aria-label={t('viewer.next')}
            icon={<Chevron direction="right" />}
          />
        </div>
        <div className="pdf-viewer__group">
          <Button
            variant="tertiary"
            size="sm"
            onClick={() => zoomOut !== null && setZoom(zoomOut)}
            disabled={zoomOut === null}
            aria-label={t('viewer.zoomOut')}
            icon={<ZoomIcon sign="minus" />}
          />
          <span className="pdf-viewer__status pdf-viewer__zoom">{t('viewer.zoom', { percent: zoomPercent(pageWidth, naturalWidth) })}</span>
          <Button
            variant="tertiary"
            size="sm"
            onClick={() => zoomIn !== null && setZoom(zoomIn)}
            disabled={zoomIn === null}
            aria-label={t('viewer.zoomIn')}
            icon={<ZoomIcon sign="plus" />}
          />
          <Button
            variant="tertiary"
            size="sm"
            className="pdf-viewer__fit"
            onClick={() => setZoom('fit')}
            disabled={zoom === 'fit' || pageWidth === fitWidth}
          >
            {t('viewer.fitWidth')}
          </Button>
        </div>
      </div>
      {/* A zoomed page scrolls inside this frame, so the keyboard must be able to reach it (axe
          scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={frameRef} className="pdf-viewer__frame" tabIndex={0} role="group" aria-label={t('viewer.label')}>
        {frameWidth > 0 ? (
          <Document
            file={file}
            options={DOCUMENT_OPTIONS}
            onLoadSuccess={onLoadSuccess}
            onLoadError={() => setFailed(true)}
            loading={loading}
            error={null}
            className="pdf-viewer__document"
          >
            <Page
              pageNumber={pageNumber}
              width={pageWidth}
              renderAnnotationLayer={false}
              renderTextLayer
              onLoadSuccess={(page) => setNaturalWidth(naturalPageWidth(page.originalWidth))}
              loading={loading}
              className="pdf-viewer__page"
            />
          </Document>
        ) : (
          loading
        )}
      </div>
    </section>
  );
}

/** The element's content width, following resizes (rotation, window size). */
function useElementWidth<T extends HTMLElement>(): [React.RefCallback<T>, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    if (!element) return;
    setWidth(element.clientWidth);
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.current.observe(element);
  }, []);
  return [ref, width];
}

/** Previous/next page: in a right-to-left page the buttons swap sides and their chevrons turn with them. */
function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg className="icon-directional" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ZoomIcon({ sign }: { sign: 'plus' | 'minus' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M16 16l4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d={sign === 'plus' ? 'M8.5 11h5M11 8.5v5' : 'M8.5 11h5'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
