import type { FormValues } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { formsCenterApiPaths, formsCenterQueryKeys } from './forms-center-api';
import { requestFormRequest } from './get-form-request';

/** POST: judged by the server with the same engine; field errors come back per field. */
export function submitFormRequest(id: string, values: FormValues) {
  return requestFormRequest((schema) => http.post(formsCenterApiPaths.form(id), { values }, {}, schema));
}

export function useSubmitFormRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FormValues) => submitFormRequest(id, values),
    onSuccess: async (detail) => {
      queryClient.setQueryData(formsCenterQueryKeys.form(id), detail);
      await queryClient.invalidateQueries({ queryKey: [...formsCenterQueryKeys.all, 'list'] });
    },
  });
}
