import { FormDefinitionSchema, formItems, type FormDefinition, type FormItem } from '@careers/contracts';

/**
 * Form definitions as stored (form_definitions.definition, JSON) and read: always through the forms engine's
 * FormDefinitionSchema, so a definition that the engine would not accept never reaches a candidate.
 */

export type { FormDefinition, FormItem };

/** Set on the items of a merged apply form that belong to one or more jobs rather than the tenant's form. */
export interface JobTag {
  positionIds?: number[];
  /** The job's title (several jobs' titles, comma-joined, when they share the question). */
  positionTitle?: string;
}

export type MergedItem = FormItem & JobTag;

export const FILE_ITEM_TYPES: ReadonlySet<string> = new Set(['file_upload', 'fileUpload']);

export function parseDefinition(json: string): FormDefinition {
  return FormDefinitionSchema.parse(JSON.parse(json));
}

export type AnswerItem = FormItem & { name: string };

/** The items that hold an answer (display-only items have no name). */
export function answerItems(definition: FormDefinition): AnswerItem[] {
  return formItems(definition).filter((item): item is AnswerItem => typeof item.name === 'string' && item.name !== '');
}
