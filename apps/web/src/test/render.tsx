import type { AuthState, BootData } from '@careers/contracts';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { createBootData, type BootFixtureOptions } from '../app/dev/boot-fixture';
import { createI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

export interface RenderOptions extends BootFixtureOptions {
  url?: string;
  bootData?: BootData;
}

/** The current router location, for assertions on navigation. */
export interface LocationRef {
  current: Location | null;
}

function LocationProbe({ locationRef }: { locationRef: LocationRef }) {
  const location = useLocation();
  useEffect(() => {
    locationRef.current = location;
  }, [location, locationRef]);
  return null;
}

function setup(options: RenderOptions, content: ReactNode) {
  const bootData = options.bootData ?? createBootData(options);
  const queryClient = createQueryClient();
  const locationRef: LocationRef = { current: null };
  const user = userEvent.setup();
  const result = render(
    <AppProviders bootData={bootData} i18n={createI18n()} queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.url ?? '/careers']}>
        {content}
        <LocationProbe locationRef={locationRef} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, user, queryClient, bootData, location: locationRef };
}

/** The whole app (shell, routes, guard, modal) at `url`, with every provider. */
export function renderApp(options: RenderOptions = {}) {
  return setup(options, <AppRoutes />);
}

/** One component with every provider and a router around it. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  return setup(options, ui);
}

export function authState(bootData: BootData, overrides: Partial<AuthState> = {}): AuthState {
  return { userStore: bootData.userStore, onboarding: bootData.onboarding, ...overrides };
}
