import type { BootData } from '@careers/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BootDataProvider } from '../lib/boot-data';
import { configureHttp } from '../lib/http';
import { SessionProvider } from '../lib/session';
import { ToastProvider } from '../ui/toast';
import { AppErrorBoundary } from './shell/app-error-boundary';

export interface AppProvidersProps {
  bootData: BootData;
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a screen may rely on: boot data, translations, queries, the session, toasts. */
export function AppProviders({ bootData, i18n, queryClient, children }: AppProvidersProps) {
  useState(() => configureHttp({ tenantDomain: bootData.tenant.isDefault ? null : bootData.tenant.domain, language: () => i18n.language || null }));
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary
        isAdmin={bootData.userStore.user?.is_admin === true}
        contactUrl={bootData.tenant.config.pcsxConfig.branding.contactUrl}
      >
        <BootDataProvider value={bootData}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider initial={{ userStore: bootData.userStore, onboarding: bootData.onboarding }}>
              <ToastProvider>{children}</ToastProvider>
            </SessionProvider>
          </QueryClientProvider>
        </BootDataProvider>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}
