import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface Props {
  isAdmin: boolean;
  contactUrl?: string | undefined;
  children: ReactNode;
}

/** Last line of defence for crashes outside the router (providers): the 500 screen, never a blank page. */
export class AppErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <main id="main-content" tabIndex={-1}>
        <ErrorScreen error={this.state.error} showDetails={this.props.isAdmin} contactUrl={this.props.contactUrl} />
      </main>
    );
  }
}
