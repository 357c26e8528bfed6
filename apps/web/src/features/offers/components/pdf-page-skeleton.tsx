import './pdf-viewer.css';

/** A blank US-letter page shimmering where the PDF will appear, so nothing jumps when it does. */
export function PdfPageSkeleton({ width }: { width?: number }) {
  return (
    <div className="pdf-page-skeleton" style={width ? { width } : undefined} aria-hidden="true">
      <span className="pdf-page-skeleton__line pdf-page-skeleton__line--title" />
      <span className="pdf-page-skeleton__line" />
      <span className="pdf-page-skeleton__line" />
      <span className="pdf-page-skeleton__line pdf-page-skeleton__line--short" />
    </div>
  );
}
