import { useEffect, useEffectEvent, type RefObject } from 'react';
import { isTrustedOrigin, readEsignHeight, readEsignMessage } from '../esign-messages';

export interface EsignMessageHandlers {
  onSign: () => void;
  onReject: () => void;
  /** The frame's content height (ESIGN_HEIGHT), to size the frame to it. */
  onHeight?: (height: number) => void;
}

/**
 * Listens to the signing frame (spec §4: ESIGN → the signed callback, REJECT → the rejected callback). A
 * message counts only when it comes from a trusted origin (§9), from this frame's window, and has the exact
 * shape for this document (QUALITY T11: anything else causes no call at all).
 */
export function useEsignMessages(
  frameRef: RefObject<HTMLIFrameElement | null>,
  document: { offerId: string; documentId: string },
  handlers: EsignMessageHandlers,
): void {
  const { offerId, documentId } = document;
  const onMessage = useEffectEvent((event: MessageEvent) => {
    if (!isTrustedOrigin(event.origin)) return;
    const frameWindow = frameRef.current?.contentWindow;
    if (!frameWindow || event.source !== frameWindow) return;
    const height = readEsignHeight(event.data, { offerId, documentId });
    if (height !== null) {
      handlers.onHeight?.(height);
      return;
    }
    const message = readEsignMessage(event.data, { offerId, documentId });
    if (!message) return;
    switch (message.type) {
      case 'ESIGN':
        handlers.onSign();
        break;
      case 'REJECT':
        handlers.onReject();
        break;
    }
  });
  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
}
