import { useEffect, useRef } from 'react';
import { recordOfferView } from '../api/record-offer-view';

/**
 * Records one view per screen visit (evidence of what was shown). Failures are ignored: the candidate's
 * reading never depends on it, and the record is only evidence.
 */
export function useRecordView(offerId: string, documentId: string | null, isReady: boolean): void {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    const key = `${offerId}/${documentId ?? ''}`;
    if (!isReady || recorded.current === key) return;
    recorded.current = key;
    recordOfferView(offerId, documentId).catch(() => undefined);
  }, [offerId, documentId, isReady]);
}
