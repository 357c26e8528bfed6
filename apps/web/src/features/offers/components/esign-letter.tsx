import type { Offer, OfferDocument } from '@careers/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { settleMutation } from '../../../lib/settle-mutation';
import { isolate } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { StateView } from '../../../ui/state-view';
import { useToast } from '../../../ui/toast';
import { sendEsignStatus } from '../api/esign-status';
import { useEsignUrl } from '../api/esign-token';
import { offerQueryKeys } from '../api/offer-query-keys';
import { isTrustedOrigin } from '../esign-messages';
import { EsignNotConfirmedError, useCompleteEsign } from '../hooks/use-complete-esign';
import { useEsignMessages } from '../hooks/use-esign-messages';
import { useOffersContext } from '../offers-context';
import { useOffersTranslation } from '../offers-i18n';
import './esign-letter.css';

export interface EsignLetterProps {
  offer: Offer;
  document: OfferDocument;
  onDecline: () => void;
}

/** Frames only a signing page on a trusted origin (§9), whatever address the server sent. */
function trustedFrameUrl(url: string): string | null {
  try {
    const resolved = new URL(url, window.location.origin);
    return isTrustedOrigin(resolved.origin) ? resolved.href : null;
  } catch {
    return null;
  }
}

/**
 * spec §2 (c): the hosted signing page in a frame. ESIGN → accept + esign_status together, "Successfully
 * signed the offer letter", back to the offer; REJECT → "Offer letter has been rejected", back to the offer,
 * which shows as Declined: the signing page confirms a rejection first, and the server declines the offer in
 * the rejection's own transaction (issue 8 §6), so this page sends no decline of its own. The frame takes its
 * content's height (ESIGN_HEIGHT), so there is one scroll, not two; the Decline button comes after the
 * signing panel, so a phone shows the panel first.
 */
export function EsignLetter({ offer, document, onDecline }: EsignLetterProps) {
  const { t } = useOffersTranslation();
  const { navigate, onAccepted } = useOffersContext();
  const toast = useToast();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const isHandling = useRef(false);
  const esignUrl = useEsignUrl(offer.id, document.id);
  const complete = useCompleteEsign();
  const queryClient = useQueryClient();
  const [frameHeight, setFrameHeight] = useState<number | null>(null);
  const target = { offerId: offer.id, documentId: document.id };

  useEsignMessages(frameRef, target, {
    onSign: () => {
      // One accept and one esign_status per signature, however many messages arrive (T11).
      if (isHandling.current) return;
      isHandling.current = true;
      // The refreshed offer can replace this frame before the signature settles.
      settleMutation(complete, target, {
        onSuccess: (response) => {
          onAccepted?.(response.offer);
          // At the bottom, clear of the offer's header the view goes back to (issue 8 §6).
          toast.show({ message: t('toasts.esignSuccess'), style: 'success', position: 'bottom-center' });
          navigate({ name: 'detail', offerId: offer.id });
        },
        onError: (error) => {
          isHandling.current = false;
          const message = error instanceof EsignNotConfirmedError ? t('letter.esign.notConfirmed') : errorMessage(t, error);
          toast.show({ message, style: 'error' });
        },
      });
    },
    onReject: () => {
      if (isHandling.current) return;
      isHandling.current = true;
      toast.show({ message: t('toasts.esignRejected'), style: 'error' });
      // The signing page's one reject call recorded the refusal and declined the offer (issue 8 §6); this
      // only keeps the page's view in step, then shows the offer as it now is.
      sendEsignStatus(offer.id, document.id, 'rejected').catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: offerQueryKeys.all });
      navigate({ name: 'detail', offerId: offer.id });
    },
    onHeight: setFrameHeight,
  });

  const frameUrl = esignUrl.data ? trustedFrameUrl(esignUrl.data) : null;
  return (
    <section className="esign-letter" aria-labelledby="esign-letter-title">
      <div className="esign-letter__intro">
        <h2 id="esign-letter-title" className="esign-letter__title">
          {t('letter.esign.heading')}
        </h2>
        <p className="esign-letter__text">{t('letter.esign.intro')}</p>
      </div>
      {esignUrl.isPending || esignUrl.isFetching ? (
        <StateView status="loading" lines={6} label={t('letter.esign.loading')} />
      ) : esignUrl.isError || frameUrl === null ? (
        <StateView status="error" message={t('letter.esign.failed')} onRetry={() => void esignUrl.refetch()} />
      ) : (
        <iframe
          ref={frameRef}
          key={frameUrl}
          src={frameUrl}
          title={t('letter.esign.frameTitle', { document: isolate(document.name) })}
          className={`esign-letter__frame${frameHeight === null ? '' : ' esign-letter__frame--sized'}`}
          // The content's own height (set through the CSSOM, which the CSP allows).
          style={frameHeight === null ? undefined : { blockSize: `calc(${frameHeight}px + 2 * var(--border-width))` }}
          aria-busy={complete.isPending || undefined}
        />
      )}
      <div className="esign-letter__footer">
        <p className="esign-letter__decline-text">{t('letter.esign.declineText')}</p>
        <Button variant="secondary" className="esign-letter__decline" onClick={onDecline} disabled={complete.isPending}>
          {t('letter.decline')}
        </Button>
      </div>
    </section>
  );
}
