/**
 * A whole form: which items are visible, the errors of the visible ones, and the values worth keeping.
 * The browser and the server call the same functions (spec §4: hidden fields are unregistered and not
 * judged; a submission's answers to hidden or unknown fields are dropped, never stored).
 */
import type { AnyFormItem, FormDefinition, FormItem } from './form-definition';
import { isDisplayOnlyItem } from './form-items';
import type { FieldError } from './form-messages';
import { validateItem, type ValidationContext } from './form-rules';
import { isRecord, ownValue } from './form-values';
import { evaluateCondition } from './visibility';

type Values = Readonly<Record<string, unknown>>;

/** Whether an item shows for these values (no condition: always). */
export function isItemVisible(item: Pick<AnyFormItem, 'visibility'>, values: unknown): boolean {
  if (item.visibility === undefined) return true;
  return evaluateCondition(item.visibility, isRecord(values) ? values : {});
}

export interface ResolvedVisibility {
  /** Names of the hidden items. */
  hidden: ReadonlySet<string>;
  /**
   * The values conditions are evaluated against: the given values without those of hidden items, so an
   * item that depends on a hidden one sees it as empty. Use it with isItemVisible for unnamed items.
   */
  scope: Values;
}

/**
 * Hidden items of a list, settled: hiding an item empties its value, which can hide (or show) items that
 * depend on it, so this repeats until nothing changes (bounded by the item count; a definition whose
 * conditions flip forever settles on the last round, the same on both sides).
 */
export function resolveVisibility(items: readonly AnyFormItem[], values: unknown): ResolvedVisibility {
  const given: Values = isRecord(values) ? values : {};
  let hidden = new Set<string>();
  let scope: Values = given;
  for (let round = 0; round <= items.length; round += 1) {
    const next = new Set(items.filter((item) => item.name !== undefined && !isItemVisible(item, scope)).map((item) => item.name as string));
    const changed = next.size !== hidden.size || [...next].some((name) => !hidden.has(name));
    hidden = next;
    scope = withoutKeys(given, hidden);
    if (!changed) break;
  }
  return { hidden, scope };
}

function withoutKeys(values: Values, keys: ReadonlySet<string>): Values {
  if (keys.size === 0) return values;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (!keys.has(key)) kept[key] = value;
  return kept;
}

export function formItems(definition: FormDefinition): FormItem[] {
  return definition.sections.flatMap((section) => section.items);
}

function answerItems<T extends AnyFormItem>(items: readonly T[]): T[] {
  return items.filter((item) => item.name !== undefined && !isDisplayOnlyItem(item));
}

function rowItems(item: FormItem) {
  return item.dynamicListOptions?.items ?? [];
}

/** A row's fields see the form's values and the row's own (the row's win). */
function rowScope(formScope: Values, row: unknown): Values {
  return isRecord(row) ? { ...formScope, ...row } : formScope;
}

/** Field path of a dynamic list row's field, as react-hook-form names it: `work.0.employer`. */
export function rowFieldPath(listName: string, index: number, fieldName: string): string {
  return `${listName}.${index}.${fieldName}`;
}

/**
 * Errors of every visible field, keyed by field name (a dynamic list row's field by its path, see
 * rowFieldPath). Values of hidden or unknown fields are ignored here; see pickVisibleValues.
 */
export function validateForm(definition: FormDefinition, values: unknown, context?: ValidationContext): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const items = formItems(definition);
  const { hidden, scope } = resolveVisibility(items, values);
  for (const item of answerItems(items)) {
    const name = item.name as string;
    if (hidden.has(name)) continue;
    const value = ownValue(values, name);
    const error = validateItem(item, value, context);
    if (error) errors[name] = error;
    if (item.type !== 'dynamicList' || !Array.isArray(value)) continue;
    value.forEach((row, index) => {
      const rowFields = rowItems(item);
      const rowVisibility = resolveVisibility(rowFields, rowScope(scope, row));
      for (const field of answerItems(rowFields)) {
        const fieldName = field.name as string;
        if (rowVisibility.hidden.has(fieldName)) continue;
        const fieldError = validateItem(field, ownValue(row, fieldName), context);
        if (fieldError) errors[rowFieldPath(name, index, fieldName)] = fieldError;
      }
    });
  }
  return errors;
}

/** Text as kept: trimmed (spec §5: text inputs are trimmed on blur; the server trims what it stores). */
export function trimValue(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

function pickRow(fields: readonly AnyFormItem[], formScope: Values, row: unknown): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const { hidden } = resolveVisibility(fields, rowScope(formScope, row));
  for (const field of answerItems(fields)) {
    const name = field.name as string;
    const value = ownValue(row, name);
    if (!hidden.has(name) && value !== undefined) kept[name] = trimValue(value);
  }
  return kept;
}

/**
 * The values worth keeping: those of visible answer fields only (dynamic list rows reduced the same way),
 * text trimmed. What a submission sends for hidden or unknown fields is dropped (see strayFields).
 */
export function pickVisibleValues(definition: FormDefinition, values: unknown): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const items = formItems(definition);
  const { hidden, scope } = resolveVisibility(items, values);
  for (const item of answerItems(items)) {
    const name = item.name as string;
    const value = ownValue(values, name);
    if (hidden.has(name) || value === undefined) continue;
    kept[name] = item.type === 'dynamicList' && Array.isArray(value) ? value.map((row) => pickRow(rowItems(item), scope, row)) : trimValue(value);
  }
  return kept;
}

/** Top-level keys a submission sent that pickVisibleValues drops: for hidden fields, and for no field at all. */
export function strayFields(definition: FormDefinition, values: unknown): { hidden: string[]; unknown: string[] } {
  if (!isRecord(values)) return { hidden: [], unknown: [] };
  const items = formItems(definition);
  const known = new Set(answerItems(items).map((item) => item.name as string));
  const { hidden } = resolveVisibility(items, values);
  const keys = Object.keys(values);
  return {
    hidden: keys.filter((key) => known.has(key) && hidden.has(key)),
    unknown: keys.filter((key) => !known.has(key)),
  };
}

/** Sections to render: those with at least one visible item (spec §4: a section whose items are all hidden is not rendered). */
export function visibleSections(definition: FormDefinition, values: unknown) {
  const { scope } = resolveVisibility(formItems(definition), values);
  return definition.sections.filter((section) => section.items.some((item) => isItemVisible(item, scope)));
}
