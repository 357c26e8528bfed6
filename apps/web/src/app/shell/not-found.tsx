import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ROUTES, withRememberedParams } from '../../lib/paths';
import { buttonClassName } from '../../ui/button';
import { PageContainer } from './page-container';
import './error-screen.css';

/** The 404 screen for unknown addresses, with a way back to the job search. */
export function NotFound() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <PageContainer pageId="notFound" title={t('errors.notFound.title')} isTitleHidden showBanner={false}>
      <section className="error-screen" aria-labelledby="not-found-title">
        <p className="error-screen__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="error-screen__title">
          {t('errors.notFound.title')}
        </h1>
        <p className="error-screen__text">{t('errors.notFound.text')}</p>
        <div className="error-screen__actions">
          <Link className={buttonClassName('primary')} to={withRememberedParams(ROUTES.home, location.search)}>
            {t('errors.notFound.searchJobs')}
          </Link>
        </div>
      </section>
    </PageContainer>
  );
}
