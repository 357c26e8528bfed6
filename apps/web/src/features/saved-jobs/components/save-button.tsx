import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { savePosition, useSavePosition } from '../api/save-position';

export interface SaveButtonProps {
  positionId: number;
  isSaved: boolean;
  /** After the server confirmed a change (the caller refreshes what shows the flag). */
  onChange?: (isSaved: boolean) => void;
}

/**
 * Save / Saved toggle (spec §1 "save positions"). Signed out, it opens the sign-in modal; the save runs
 * once the candidate has signed in, then the page reloads with the job saved (spec §4 "pending action").
 */
export function SaveButton({ positionId, isSaved: initial, onChange }: SaveButtonProps) {
  const { t } = useTranslation('positions');
  const { isLoggedIn } = useSession();
  const authModal = useAuthModal();
  const toast = useToast();
  const mutation = useSavePosition();
  const [isSaved, setSaved] = useState(initial);
  // The flag from the server wins once it changes (a refetch after this or another tab's change). The
  // button is kept rather than remounted by key: a remount drops keyboard focus to <body> (issue 8 §6).
  const [serverSaved, setServerSaved] = useState(initial);
  if (serverSaved !== initial) {
    setServerSaved(initial);
    setSaved(initial);
  }

  const toggle = async () => {
    if (!isLoggedIn) {
      authModal.open({
        pendingAction: async () => {
          await savePosition(positionId, 'save');
        },
      });
      return;
    }
    const next = !isSaved;
    setSaved(next);
    try {
      await mutation.mutateAsync({ positionId, action: next ? 'save' : 'unsave' });
      toast.show({ message: next ? t('save.saved') : t('save.unsaved'), style: 'success' });
      onChange?.(next);
    } catch {
      setSaved(!next);
      toast.show({ message: t('save.failed'), style: 'error' });
    }
  };

  return (
    <Button
      variant="secondary"
      onClick={() => void toggle()}
      isLoading={mutation.isPending}
      icon={<BookmarkIcon isFilled={isSaved} />}
    >
      {isSaved ? t('save.isSaved') : t('save.save')}
    </Button>
  );
}

function BookmarkIcon({ isFilled }: { isFilled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M6 3h12v18l-6-4-6 4z" fill={isFilled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
