import type { FormRequestStatus } from '@careers/contracts';

/** The forms center's calls (spec §7 GET /api/pcsx/forms_list; one requested form by id). */
export const formsCenterApiPaths = {
  list: (tab: FormRequestStatus) => `/api/pcsx/forms_list?tab_id=${tab}&include_tab_list=true`,
  form: (id: string) => `/api/pcsx/forms/${encodeURIComponent(id)}`,
};

/** Everything under ['forms-center']: a submit refreshes the lists and the form at once. */
export const formsCenterQueryKeys = {
  all: ['forms-center'] as const,
  list: (tab: FormRequestStatus) => ['forms-center', 'list', tab] as const,
  form: (id: string) => ['forms-center', 'form', id] as const,
};
