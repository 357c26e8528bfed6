import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalBootData } from '../../lib/boot-data';
import { useIsAdmin } from '../../lib/session';
import { ErrorScreen } from './error-screen';
import { PageContainer } from './page-container';

interface Props {
  /** A new value (the next page) clears the error. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches rendering crashes and route failures (a route chunk that fails to load) inside the shell: the
 * navbar stays and the page becomes the 500 screen (spec §8 "A rendering crash shows the 500 screen").
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown; resetKey: string }> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorScreen error={this.state.error} />;
  }
}

function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const bootData = useOptionalBootData();
  return (
    <PageContainer pageId="error" title={t('errors.screen.title')} isTitleHidden showBanner={false}>
      <ErrorScreen error={error} showDetails={isAdmin} contactUrl={bootData?.tenant.config.pcsxConfig.branding.contactUrl} />
    </PageContainer>
  );
}
