import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named';
import { Bdi, translateWithBdi } from '../../ui/bdi';
import { Optional } from '../../ui/optional';
import { ROUTES, offersPath, settingsPath } from '../../lib/paths';
import { displayName, initials, useSession } from '../../lib/session';
import './user-menu.css';

// The count loads with the open menu, keeping the offers list call and its schema out of the first bundle.
const OffersActionCount = lazyNamed(() => import('./offers-action-count'), 'OffersActionCount');

export interface UserMenuProps {
  onSignOut: () => void;
}

/** The signed-in candidate's menu: a menu button with arrow-key navigation, Escape returns focus. */
export function UserMenu({ onSignOut }: UserMenuProps) {
  const { t } = useTranslation();
  const { userStore } = useSession();
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = displayName(userStore);
  const avatar = userStore.profile?.avatar;

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!isOpen) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        list[(index + 1) % list.length]?.focus();
        break;
      case 'ArrowUp':
        list[(index - 1 + list.length) % list.length]?.focus();
        break;
      case 'Home':
        list[0]?.focus();
        break;
      case 'End':
        list[list.length - 1]?.focus();
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setOpen((open) => !open)}
        onKeyDown={onButtonKeyDown}
      >
        {/* The button's name, the candidate's name isolated in it (issue 13). */}
        <span className="visually-hidden">{translateWithBdi(t, 'shell.userMenu.label', { name })}</span>
        <span className="user-menu__avatar" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" width={32} height={32} /> : initials(userStore)}
        </span>
        <span className="user-menu__name" aria-hidden="true">
          <Bdi>{name}</Bdi>
        </span>
        <svg className="user-menu__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {isOpen ? (
        <ul id={menuId} ref={menuRef} role="menu" className="user-menu__menu" aria-label={name} onKeyDown={onMenuKeyDown}>
          <li role="none" className="user-menu__identity">
            <span className="user-menu__identity-name">
              <Bdi>{name}</Bdi>
            </span>
            <span className="user-menu__identity-email">{userStore.profile?.email ?? userStore.user?.email}</span>
          </li>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to={ROUTES.dashboard} className="user-menu__item" onClick={() => close(false)}>
              {t('shell.userMenu.dashboard')}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to={offersPath()} className="user-menu__item" onClick={() => close(false)}>
              {t('shell.userMenu.offers')}
              <Optional name="The offers count">
                <OffersActionCount />
              </Optional>
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to={ROUTES.savedJobs} className="user-menu__item" onClick={() => close(false)}>
              {t('savedJobs.menu', { ns: 'positions' })}
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to={settingsPath()} className="user-menu__item" onClick={() => close(false)}>
              {t('shell.userMenu.settings')}
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="user-menu__item"
              onClick={() => {
                close(false);
                onSignOut();
              }}
            >
              {t('shell.userMenu.signOut')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
