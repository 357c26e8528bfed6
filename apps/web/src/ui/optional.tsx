import { Component, Suspense, type ReactNode } from 'react';

/** Renders nothing instead of what failed (a lazy chunk that could not load, a render error). */
class NothingOnError extends Component<{ name: string; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.name} is left out: it failed to load or render`, error);
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

/**
 * A small extra that the page is whole without (a count beside a menu item): nothing while its code
 * loads, and nothing if it fails, where an error would otherwise take the whole page to the 500 screen.
 */
export function Optional({ name, children }: { name: string; children: ReactNode }) {
  return (
    <NothingOnError name={name}>
      <Suspense fallback={null}>{children}</Suspense>
    </NothingOnError>
  );
}
