/**
 * What every form screen needs of a definition without reading one: the item and rule types, the names, and the
 * choice shapes the value checks use. Kept apart from form-definition.ts, whose ~200 schemas only the server and
 * the browser's definition reader (a worker) build: a module is evaluated whole, so a page that imports one helper
 * from it builds them all (P6).
 */

/** spec §3 "Field types in edit mode". */
export const FORM_ITEM_TYPES = [
  'checkbox',
  'checkboxItem',
  'date',
  'dateRange',
  'dropdown',
  'dynamicList',
  'email',
  'embedded_form',
  'esignForm',
  'file_upload',
  'fileUpload',
  'info',
  'instruction',
  'number',
  'phone',
  'radio',
  'select',
  'skillSelector',
  'sin',
  'ssn',
  'text',
  'textarea',
  'star_rating',
] as const;
export type FormItemType = (typeof FORM_ITEM_TYPES)[number];

/** spec §3: view (read-only) mode supports the same set except e-sign and star rating; email shows as text. */
export function isViewModeItemType(type: FormItemType): boolean {
  return type !== 'esignForm' && type !== 'star_rating';
}

/** Types that show something but hold no answer. */
export const DISPLAY_ONLY_ITEM_TYPES: readonly FormItemType[] = ['info', 'instruction'];

export function isDisplayOnlyItem(item: { type: FormItemType }): boolean {
  return DISPLAY_ONLY_ITEM_TYPES.includes(item.type);
}

/**
 * Field names: letters, digits, `_` and `-`, starting with a letter or `_`. No dots or brackets, because a
 * dynamic list row's field is addressed as `list.0.field` (react-hook-form paths).
 */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** A choice's value (choice-schemas.ts checks it: text up to 1,000 characters, a finite number or a boolean). */
export type ChoiceValue = string | number | boolean;

/** One option of a select, radio or checkbox group (choice-schemas.ts: ChoiceSchema). */
export interface Choice {
  label: string;
  value: ChoiceValue;
  iconProps?: Record<string, unknown> | undefined;
}

/** spec §5 "Form rules": rule types. The file rules and dynamic list counts reuse minLength/maxLength. */
export const FORM_RULE_TYPES = [
  'email',
  'phone',
  'regex',
  'minLength',
  'maxLength',
  'minValue',
  'maxValue',
  'ssn',
  'sin',
  'maxFileSizeMB',
  'maxCumulativeFileSizeMB',
] as const;
export type FormRuleType = (typeof FORM_RULE_TYPES)[number];
