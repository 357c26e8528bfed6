import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { browser } from '../../../lib/browser';
import { clearClientData } from '../../../lib/client-storage';
import { http } from '../../../lib/http';
import { CAREERS_HOME } from '../../../lib/paths';

export function logout(): Promise<void> {
  return http.post<void>('/api/auth/logout');
}

/**
 * Signs out, drops every cached answer and leaves with a full page load, so no personal data stays in
 * memory (QUALITY T24).
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logout();
    queryClient.clear();
    await clearClientData();
    browser.assign(CAREERS_HOME);
  }, [queryClient]);
}
