import { Messages, type FormDefinition, type FormValues } from '@careers/contracts';
import { useQuery } from '@tanstack/react-query';
import { startDefinitionCheck } from '../../../forms/definition/definition-check';
import type { CheckedAnswer } from '../../../forms/definition/answer-checks';
import { ApiError, ClientErrorCode, http, type ResponseSchema } from '../../../lib/http';
import { formsCenterApiPaths, formsCenterQueryKeys } from './forms-center-api';

type CheckedDetail = CheckedAnswer<'formRequest'>;
export type FormRequestDetail = Omit<CheckedDetail, 'form' | 'values' | 'definition'> & { form: FormDefinition; values: FormValues };

/**
 * A call answered with one requested form: the answer is checked and its definition read on the definition worker,
 * started with the call (P6). A form the engine cannot read is an error.
 */
export async function requestFormRequest(call: (schema: ResponseSchema<CheckedDetail>) => Promise<CheckedDetail>): Promise<FormRequestDetail> {
  const check = startDefinitionCheck();
  try {
    const { definition, ...detail } = await call(check.answer('formRequest'));
    if (!definition) throw new ApiError(Messages.unexpected, 200, ClientErrorCode.unexpected);
    return { ...detail, form: definition };
  } finally {
    check.cancel();
  }
}

/** One requested form with its definition and saved answers. */
export function fetchFormRequest(id: string, signal?: AbortSignal): Promise<FormRequestDetail> {
  return requestFormRequest((schema) => http.get(formsCenterApiPaths.form(id), { signal }, schema));
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
