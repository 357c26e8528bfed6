import { useEffect, useMemo, useState } from 'react';
import { loadedSanitizer, loadSanitizer } from '../../lib/sanitizer';

/** Tenant-authored HTML, always through the sanitizer (QUALITY T09); nothing is shown unsanitized. */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const [sanitizer, setSanitizer] = useState(loadedSanitizer);
  useEffect(() => {
    if (!sanitizer) void loadSanitizer().then(setSanitizer);
  }, [sanitizer]);
  const clean = useMemo(() => (sanitizer ? sanitizer.sanitizeHtml(html) : ''), [sanitizer, html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
