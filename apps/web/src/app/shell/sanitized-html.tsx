import { useEffect, useMemo, useState } from 'react';
import { loadedSanitizer, loadSanitizer } from '../../lib/sanitizer';

/**
 * Tenant-authored HTML, always through the sanitizer (QUALITY T09); nothing is shown unsanitized. It takes the
 * direction of its own text (dir="auto"): the tenant's English on an Arabic page keeps its punctuation in place.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const [sanitizer, setSanitizer] = useState(loadedSanitizer);
  useEffect(() => {
    if (!sanitizer) void loadSanitizer().then(setSanitizer);
  }, [sanitizer]);
  const clean = useMemo(() => (sanitizer ? sanitizer.sanitizeHtml(html) : ''), [sanitizer, html]);
  return <div className={className} dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}
