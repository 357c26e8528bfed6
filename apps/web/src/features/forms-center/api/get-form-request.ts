import { FormRequestDetailResponseSchema, Messages, type FormDefinition, type FormValues } from '@careers/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { startDefinitionCheck, type DefinitionCheck } from '../../../forms/definition/definition-check';
import { ApiError, ClientErrorCode, http } from '../../../lib/http';
import { formsCenterApiPaths, formsCenterQueryKeys } from './forms-center-api';

type WireDetail = z.infer<typeof FormRequestDetailResponseSchema>['data'];
export type FormRequestDetail = Omit<WireDetail, 'form' | 'values'> & { form: FormDefinition; values: FormValues };

/**
 * The wire carries the definition loosely; the engine's own schema reads it, off the main thread (a form it cannot
 * read is an error).
 */
export async function toFormRequestDetail(response: { data: WireDetail }, check: DefinitionCheck = startDefinitionCheck()): Promise<FormRequestDetail> {
  const form = await check.read(response.data.form);
  if (!form) throw new ApiError(Messages.unexpected, 200, ClientErrorCode.unexpected);
  return { ...response.data, form, values: response.data.values };
}

/** One requested form with its definition and saved answers; the definition's reader starts with the request. */
export async function fetchFormRequest(id: string, signal?: AbortSignal): Promise<FormRequestDetail> {
  const check = startDefinitionCheck();
  try {
    return await toFormRequestDetail(await http.get(formsCenterApiPaths.form(id), { signal }, FormRequestDetailResponseSchema), check);
  } finally {
    check.cancel();
  }
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
