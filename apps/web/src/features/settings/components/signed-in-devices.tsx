import type { SessionInfo } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import './settings.css';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { StateView } from '../../../ui/state-view';
import { useToast } from '../../../ui/toast';
import { useRevokeOtherSessions, useSessions } from '../api/sessions';
import { describeUserAgent } from '../user-agent';

export function SignedInDevices() {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();

  if (sessions.isPending) return <StateView status="loading" lines={3} />;
  if (sessions.isError) {
    return <StateView status="error" message={errorMessage(t, sessions.error)} onRetry={() => void sessions.refetch()} />;
  }

  const list = [...sessions.data.sessions].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
  const otherCount = list.filter((session) => !session.isCurrent).length;

  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: ({ revoked }) => toast.show({ message: t('devices.revoked', { count: revoked }), style: 'success' }),
      onError: (error) => toast.show({ message: errorMessage(t, error), style: 'error' }),
    });

  return (
    <div className="settings-devices">
      {list.length === 0 ? (
        <StateView status="empty" />
      ) : (
        <ul className="settings-devices__list">
          {list.map((session) => (
            <DeviceRow key={session.id} session={session} locale={i18n.language} />
          ))}
        </ul>
      )}
      <div className="settings-devices__actions">
        <Button variant="secondary" onClick={onRevoke} isLoading={revoke.isPending} disabled={otherCount === 0}>
          {t('devices.revokeOthers')}
        </Button>
        {otherCount === 0 ? <p className="settings-devices__note">{t('devices.onlyThis')}</p> : null}
      </div>
    </div>
  );
}

function DeviceRow({ session, locale }: { session: SessionInfo; locale: string }) {
  const { t } = useTranslation('account');
  const device = describeUserAgent(session.userAgent);
  const name = device
    ? t('devices.browserOn', { browser: device.browser, os: device.os })
    : t('devices.unknown');
  return (
    <li className="settings-devices__item">
      <svg className="settings-devices__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        {device?.isMobile ? (
          <rect x="7" y="2.5" width="10" height="19" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        ) : (
          <path d="M3.5 5.5h17v10h-17zM1.5 18.5h21" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        )}
      </svg>
      <div className="settings-devices__text">
        <p className="settings-devices__name">
          {name} {session.isCurrent ? <Badge tone="success">{t('devices.current')}</Badge> : null}
        </p>
        <p className="settings-devices__meta">
          {t('devices.lastActive', { date: formatDateTime(session.lastSeenAt, locale) })}
          {' · '}
          {t('devices.signedIn', { date: formatDateTime(session.createdAt, locale) })}
        </p>
      </div>
    </li>
  );
}
