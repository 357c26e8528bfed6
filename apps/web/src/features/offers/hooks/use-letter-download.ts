import { offerLetterFileName } from '@careers/contracts';
import { useCallback } from 'react';
import { useToast } from '../../../ui/toast';
import { useOffersTranslation } from '../offers-i18n';
import { pdfBlobFromBase64 } from '../pdf-bytes';

/** Saves a Blob under a file name through a temporary link. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * spec §5 "Download": the letter from its base64 bytes as offer-letter-{id}.pdf; "No offer letter content
 * available" when there are none, "Offer Letter Download Failed" when saving fails.
 */
export function useLetterDownload(offerId: string, base64: string | null | undefined): () => void {
  const { t } = useOffersTranslation();
  const toast = useToast();
  return useCallback(() => {
    if (!base64 || base64.trim() === '') {
      toast.show({ message: t('toasts.noLetterContent'), style: 'error' });
      return;
    }
    try {
      const blob = pdfBlobFromBase64(base64);
      if (!blob) throw new Error('no bytes');
      saveBlob(blob, offerLetterFileName(offerId));
    } catch {
      toast.show({ message: t('toasts.downloadFailed'), style: 'error' });
    }
  }, [base64, offerId, t, toast]);
}
