import type { FormValues } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { formsCenterApiPaths, formsCenterQueryKeys } from './forms-center-api';
import { requestFormRequest } from './get-form-request';

/** PUT: saves progress (open → in_progress); file contents stay in the browser until the submit. */
export function saveFormRequest(id: string, values: FormValues) {
  return requestFormRequest((schema) => http.put(formsCenterApiPaths.form(id), { values }, {}, schema));
}

/** The lists' tabs and counts change when a form moves to in progress; the form itself is the page's state. */
export function useSaveFormRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FormValues) => saveFormRequest(id, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...formsCenterQueryKeys.all, 'list'] }),
  });
}
