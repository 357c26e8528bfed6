import type { FormRequestStatus } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormRequestView } from '../../features/forms-center/components/form-request-view';
import { FormsCenter, isFormTab } from '../../features/forms-center/components/forms-center';
import { OnboardingChecklist } from '../../features/forms-center/components/onboarding-checklist';
import { useFormsCenterCatalogue, useFormsCenterTranslation } from '../../features/forms-center/forms-center-i18n';
import { formsCenterPath } from '../../lib/paths';
import { isolate } from '../../ui/bdi';
import { buttonClassName } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { ProtectedRoute } from '../route-guard';
import { PageContainer } from '../shell/page-container';

/** /careers/forms/center (protected, page id documentCenter): the forms center, its tab in ?tab=. */
export function FormsCenterRoute() {
  useFormsCenterCatalogue();
  const { t } = useFormsCenterTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: FormRequestStatus = isFormTab(requested) ? requested : 'open';
  return (
    <PageContainer pageId="documentCenter" title={t('center.title')} isTitleHidden width="narrow">
      <FormsCenter
        tab={tab}
        onTabChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next === 'open') updated.delete('tab');
              else updated.set('tab', next);
              return updated;
            },
            { replace: true },
          )
        }
      />
    </PageContainer>
  );
}

/**
 * /careers/forms?id= (page id formView): one requested form. The route is public (spec §2, §6 "visitors see …
 * the forms page"); a form belongs to a candidate, so a visitor is asked to sign in first.
 */
export function FormViewRoute() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <ProtectedRoute pageId="formView">
      <FormViewPage id={id} />
    </ProtectedRoute>
  );
}

function FormViewPage({ id }: { id: string | null }) {
  useFormsCenterCatalogue();
  const { t } = useFormsCenterTranslation();
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <PageContainer pageId="formView" title={t('center.title')} isTitleHidden width="narrow">
      {id ? (
        <FormRequestView
          key={id}
          id={id}
          onSubmitted={(form) => {
            toast.show({ message: t('view.submitted', { title: isolate(form.title) }), style: 'success' });
            void navigate(formsCenterPath('completed'));
          }}
        />
      ) : (
        <div className="form-request__missing" role="alert">
          <p>{t('view.missing')}</p>
          <Link to={formsCenterPath()} className={buttonClassName('secondary')}>
            {t('view.openCenter')}
          </Link>
          <span hidden>{tCommon('ui.stateView.empty')}</span>
        </div>
      )}
    </PageContainer>
  );
}

/** /careers/onboarding (protected, page id onboarding): the forms to complete before the first day. */
export function OnboardingRoute() {
  useFormsCenterCatalogue();
  const { t } = useFormsCenterTranslation();
  return (
    <PageContainer pageId="onboarding" title={t('onboarding.title')} isTitleHidden width="narrow">
      <OnboardingChecklist />
    </PageContainer>
  );
}
