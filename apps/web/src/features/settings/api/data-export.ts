import type { DataExportResponse } from '@careers/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { ACCOUNT_API } from './preferences';

const dataExportAnswer = lazySchema(() => import('./schemas'), 'DataExportResponseSchema');

/** How often the page asks for a running export's progress. */
export const EXPORT_POLL_MS = 1000;

export function fetchDataExport(): Promise<DataExportResponse> {
  return http.get(ACCOUNT_API.dataExport, {}, dataExportAnswer);
}

export const dataExportQueryOptions = () => queryOptions({ queryKey: ['account', 'dataExport'], queryFn: fetchDataExport });

/** The latest export, polled while it is being made. */
export function useDataExport() {
  return useQuery({
    ...dataExportQueryOptions(),
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'pending' || status === 'running' ? EXPORT_POLL_MS : false;
    },
  });
}

export function startDataExport(): Promise<DataExportResponse> {
  return http.post(ACCOUNT_API.dataExport, {}, {}, dataExportAnswer);
}

export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDataExport,
    onSuccess: (answer) => queryClient.setQueryData(dataExportQueryOptions().queryKey, answer),
  });
}
