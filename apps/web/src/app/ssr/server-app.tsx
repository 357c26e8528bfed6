import type { BootData, RenderedViewport } from '@careers/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StaticRouter } from 'react-router';
import { ServerWidthContext, TYPICAL_WIDTH } from '../../lib/breakpoints';
import { AppProviders } from '../providers';
import { AppRoutes } from '../router';

export interface ServerAppProps {
  /** Path and query of the page, e.g. /careers/job/12?domain=acme.example. */
  url: string;
  bootData: BootData;
  /** The width class the server guesses for the device (it sees no window). */
  viewport: RenderedViewport;
  i18n: I18n;
  queryClient: QueryClient;
}

/**
 * The app as the server draws it: the browser's tree (app/start.tsx) with a static router and the guessed
 * width, so the browser can hydrate the markup without redrawing it.
 */
export function ServerApp({ url, bootData, viewport, i18n, queryClient }: ServerAppProps) {
  return (
    <ServerWidthContext value={TYPICAL_WIDTH[viewport]}>
      <AppProviders bootData={bootData} i18n={i18n} queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </ServerWidthContext>
  );
}
