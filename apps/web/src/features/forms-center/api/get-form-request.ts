import { FormDefinitionSchema, FormRequestDetailResponseSchema, Messages, type FormDefinition, type FormValues } from '@careers/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, ClientErrorCode, http } from '../../../lib/http';
import { formsCenterApiPaths, formsCenterQueryKeys } from './forms-center-api';

type WireDetail = z.infer<typeof FormRequestDetailResponseSchema>['data'];
export type FormRequestDetail = Omit<WireDetail, 'form' | 'values'> & { form: FormDefinition; values: FormValues };

/** The wire carries the definition loosely; the engine's own schema reads it (a form it cannot read is an error). */
export function toFormRequestDetail(response: { data: WireDetail }): FormRequestDetail {
  const form = FormDefinitionSchema.safeParse(response.data.form);
  if (!form.success) throw new ApiError(Messages.unexpected, 200, ClientErrorCode.unexpected);
  return { ...response.data, form: form.data, values: response.data.values };
}

/** One requested form with its definition and saved answers. */
export function fetchFormRequest(id: string, signal?: AbortSignal): Promise<FormRequestDetail> {
  return http.get(formsCenterApiPaths.form(id), { signal }, FormRequestDetailResponseSchema).then(toFormRequestDetail);
}

/** Not refetched on focus: the candidate may be typing into it (their answers are the form's own state). */
export function useFormRequest(id: string) {
  return useQuery({
    queryKey: formsCenterQueryKeys.form(id),
    queryFn: ({ signal }) => fetchFormRequest(id, signal),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
