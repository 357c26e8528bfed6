import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';

/** Copies the job's address (spec §8 "Clipboard: Copied to Clipboard, or Sorry, unable to copy …"). */
export function ShareLinkButton({ url }: { url: string }) {
  const { t } = useTranslation('positions');
  const toast = useToast();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast.show({ message: t('share.copied'), style: 'success' });
    } catch {
      toast.show({ message: t('share.failed'), style: 'error' });
    }
  };
  return (
    <Button variant="tertiary" onClick={() => void copy()} icon={<LinkIcon />}>
      {t('share.copy')}
    </Button>
  );
}

function LinkIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
