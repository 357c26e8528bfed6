import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { ToastProvider } from '../../../ui/toast';

/**
 * The providers a host gives the offers feature (queries, translations, toasts) and nothing else: no router,
 * no session — as in the career hub embed.
 */
export function renderWithoutRouter(ui: ReactNode, queryClient: QueryClient = createQueryClient()) {
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, user, queryClient };
}
