/**
 * The form definition as this module reads it (spec §3 "Form definition"): sections of items, each item with a
 * name, a type and options. The forms helper's contracts (packages/contracts/src/forms) own the full schema and
 * the rule engine; this module only needs names, types, file options and visibility, and keeps definitions as
 * the JSON the tenant stored.
 */

export interface FormRule {
  type: string;
  value?: unknown;
  message?: string;
}

export interface FormItem {
  /** Absent on display-only items (info, instruction). */
  name?: string;
  type: string;
  label?: string;
  required?: boolean;
  rules?: FormRule[];
  dependencies?: string[];
  /** Set on merged apply forms: the item belongs to one job (its title), not to the tenant's form. */
  positionTitle?: string;
  positionIds?: number[];
  fileUploadOptions?: { uploadSize?: number; allowedTypes?: string[] };
  [option: string]: unknown;
}

export interface FormSection {
  id?: string;
  title: string;
  items: FormItem[];
  [option: string]: unknown;
}

export interface FormDefinition {
  sections: FormSection[];
  [option: string]: unknown;
}

export const FILE_ITEM_TYPES: ReadonlySet<string> = new Set(['file_upload', 'fileUpload']);

export function parseDefinition(json: string): FormDefinition {
  const value = JSON.parse(json) as FormDefinition;
  return { ...value, sections: Array.isArray(value.sections) ? value.sections : [] };
}

export function formItems(definition: FormDefinition): FormItem[] {
  return definition.sections.flatMap((section) => section.items);
}

export type AnswerItem = FormItem & { name: string };

/** The items that hold an answer (display-only items have no name). */
export function answerItems(definition: FormDefinition): AnswerItem[] {
  return formItems(definition).filter((item): item is AnswerItem => typeof item.name === 'string' && item.name !== '');
}
