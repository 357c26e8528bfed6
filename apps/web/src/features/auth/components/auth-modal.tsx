import type { AuthState } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import type { AuthFlow, AuthModalRenderProps } from '../../../lib/auth-modal';
import { browser } from '../../../lib/browser';
import { useSession } from '../../../lib/session';
import { Modal } from '../../../ui/modal';
import { AuthForms } from './auth-forms';

const DEFAULT_TRIGGERS: readonly AuthFlow[] = ['login'];

/** The sign-in modal over any page (spec §4 "Other"): pending action, then reload unless skipRefresh. */
export function AuthModal({ request, onClose }: AuthModalRenderProps) {
  const { t } = useTranslation('auth');
  const session = useSession();

  const onAuthenticated = async (state: AuthState, flow: AuthFlow) => {
    if (!request) return;
    const triggers = request.triggers ?? DEFAULT_TRIGGERS;
    if (request.skipRefresh) session.applyAuthState(state);
    if (request.pendingAction && triggers.includes(flow)) {
      try {
        await request.pendingAction();
      } catch (error) {
        // The sign-in itself succeeded; the action reports its own failure.
        console.error('Pending action after sign-in failed', error);
      }
    }
    if (request.skipRefresh) onClose('authenticated');
    else browser.reload();
  };

  const notice =
    request?.reason === 'sessionTimedOut'
      ? t('modal.sessionTimedOut')
      : request?.reason === 'protectedRoute'
        ? t('modal.protectedRoute')
        : undefined;

  return (
    <Modal isOpen={request !== null} onClose={() => onClose('dismissed')} title={t('modal.title')} description={notice}>
      {request ? <AuthForms key={request.key} initialTab={request.tab} onAuthenticated={onAuthenticated} /> : null}
    </Modal>
  );
}
