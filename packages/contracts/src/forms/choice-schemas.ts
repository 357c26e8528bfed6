/**
 * The choices' schemas: a definition's options (form-definition.ts) and a select's fetched options (spec §7,
 * per-select apiEndpoint). Apart from form-items.ts and select-options.ts, whose plain parts every form page
 * loads: a module is evaluated whole, so a page that needs a type name or a helper builds no schema for it (P6).
 */
import { z } from 'zod';
import { FORM_LIMITS } from './form-constants';

export const ChoiceValueSchema = z.union([z.string().max(1000), z.number(), z.boolean()]);

export const ChoiceSchema = z.object({
  label: z.string().max(500),
  value: ChoiceValueSchema,
  iconProps: z.record(z.string(), z.unknown()).optional(),
});

export const SelectOptionsResponseSchema = z.object({
  data: z.object({ options: z.array(ChoiceSchema).max(FORM_LIMITS.choices) }),
});
export type SelectOptionsResponse = z.infer<typeof SelectOptionsResponseSchema>;
