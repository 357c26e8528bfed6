/**
 * The form definition (spec §3 "Form definition"): sections of items, each item a field or a display block,
 * as zod schemas. A definition is tenant configuration (stored, sent to the browser, used by the server to
 * judge submissions), so it is plain JSON: visibility is a declarative condition (visibility.ts) and a custom
 * validator is a name from a registry (custom-validators.ts), never code.
 *
 * Parsing a definition also proves it can be judged: every regex rule compiles, every name is unique, every
 * rule's value has the shape its type needs. The rule engine relies on that and never throws.
 */
import { z } from 'zod';
import { CUSTOM_VALIDATOR_NAMES } from './custom-validators';
import { FORM_LIMITS } from './form-constants';
import { parseRegexLiteral } from './regex-literal';
import { VisibilityConditionSchema } from './visibility-schema';
import { ChoiceSchema } from './choice-schemas';
import { FIELD_NAME_PATTERN, FORM_ITEM_TYPES, isDisplayOnlyItem, type FormItemType } from './form-items';

const text = (max = 2000) => z.string().max(max);
const Url = z.string().max(2000);

export const FieldNameSchema = z.string().min(1).max(100).regex(FIELD_NAME_PATTERN, 'Use letters, digits, _ and - only');

const Choices = z.array(ChoiceSchema).max(FORM_LIMITS.choices);

export const SelectOptionsSchema = z.object({
  choices: Choices.optional(),
  choicesSortOrder: z.enum(['ascending', 'descending']).optional(),
  placeholder: text().optional(),
  /** Options loaded from this address; `{{parentValue}}` is replaced by the first dependency's value. */
  apiEndpoint: Url.optional(),
  /** Name of a registered loader (the original's apiCall function), e.g. a search dropdown's source. */
  apiCall: text(100).optional(),
  /** Search dropdown: minimum trimmed term length before searching (spec §5, default 1). */
  minSearchLength: z.number().int().min(1).max(50).optional(),
});

export const ChoiceOptionsSchema = z.object({
  choices: Choices.optional(),
  direction: z.enum(['horizontal', 'vertical', 'row', 'column']).optional(),
  toggle: z.boolean().optional(),
});

/** A day offset from today (0 = today) or a calendar date (YYYY-MM-DD). */
export const DateBoundSchema = z.union([z.number().int().min(-36500).max(36500), z.iso.date()]);
export type DateBound = z.infer<typeof DateBoundSchema>;

export const DateOptionsSchema = z.object({
  readonly: z.boolean().optional(),
  dateFormat: text(40).optional(),
  today: z.boolean().optional(),
  placeholder: text().optional(),
  enableFrom: DateBoundSchema.optional(),
  enableUntil: DateBoundSchema.optional(),
  fallbackFormat: text(40).optional(),
  picker: z.enum(['date', 'month', 'year']).optional(),
});

export const DateRangeOptionsSchema = z.object({
  picker: z.enum(['date', 'month', 'year']).optional(),
  rangePickerPlaceholder: z.tuple([text(), text()]).optional(),
  showCurrentCheck: z.boolean().optional(),
  currentCheckboxPlaceholder: text().optional(),
  dateFormat: text(40).optional(),
});

export const PhoneOptionsSchema = z.object({
  defaultCountryCode: z.string().regex(/^[A-Z]{2}$/).optional(),
  textInputPlaceholder: text().optional(),
  selectPlaceholder: text().optional(),
  autocomplete: text(100).optional(),
});

export const TextOptionsSchema = z.object({
  placeholder: text().optional(),
  readonly: z.boolean().optional(),
  type: z.enum(['text', 'url', 'tel', 'search', 'password']).optional(),
  /** A named formatter applied as the candidate types (the original's formatValue/onInput functions). */
  formatValue: z.enum(['ssn', 'sin', 'uppercase', 'lowercase', 'digits']).optional(),
  onInput: z.enum(['ssn', 'sin', 'uppercase', 'lowercase', 'digits']).optional(),
  autocomplete: text(100).optional(),
});

export const TextAreaOptionsSchema = z.object({
  placeholder: text().optional(),
  enableExpand: z.boolean().optional(),
  inputWidth: z.union([z.number(), text(40)]).optional(),
  size: z.enum(['small', 'medium', 'large']).optional(),
  autocomplete: text(100).optional(),
});

export const EmailOptionsSchema = z.object({
  placeholder: text().optional(),
  readonly: z.boolean().optional(),
  /** spec §5: the strict email pattern instead of the simple one. */
  strict: z.boolean().optional(),
});

export const FileUploadOptionsSchema = z.object({
  /** Per-file limit in MB (1 MB = 1048576 bytes). */
  uploadSize: z.number().positive().max(1024).optional(),
  /** Extensions without the dot, e.g. ['pdf', 'docx']; default DEFAULT_ALLOWED_FILE_TYPES. */
  allowedTypes: z.array(z.string().regex(/^\.?[A-Za-z0-9]{1,10}$/)).min(1).max(50).optional(),
  texts: z.record(z.string(), text()).optional(),
});

export const SkillSelectorOptionsSchema = z.object({
  showMoreThreshold: z.number().int().min(1).max(100).optional(),
  searchCall: text(100).optional(),
  suggestedSkills: z.array(text(200)).max(FORM_LIMITS.skills).optional(),
});

export const InstructionOptionsSchema = z.object({
  showReadMoreButton: z.boolean().optional(),
  readMoreMaxHeight: z.number().int().min(0).max(5000).optional(),
});

export const AdditionalPropertiesSchema = z.object({
  // e-sign
  url: Url.optional(),
  customDomain: text(300).optional(),
  wid: text(300).optional(),
  hosted: z.boolean().optional(),
  title: text().optional(),
  onSign: text(100).optional(),
  onReject: text(100).optional(),
  // PDF
  bytes: z.string().max(50_000_000).optional(),
});

export const ItemImageSchema = z.union([Url, z.object({ src: Url, alt: text(500).optional() })]);

const Message = text(1000).optional();
const Count = z.number().int().min(0).max(1_000_000);

export const FormRuleSchema = z.discriminatedUnion('type', [
  /** value true: the strict email pattern. */
  z.object({ type: z.literal('email'), value: z.boolean().optional(), message: Message }),
  /** value true: strict (allowed characters and a country check); otherwise the lenient check. */
  z.object({ type: z.literal('phone'), value: z.boolean().optional(), message: Message }),
  z.object({
    type: z.literal('regex'),
    value: z.string().max(2000).refine((literal) => parseRegexLiteral(literal) !== null, 'Write the pattern as /pattern/flags (it must compile)'),
    message: Message,
  }),
  z.object({ type: z.literal('minLength'), value: Count, message: Message }),
  z.object({ type: z.literal('maxLength'), value: Count, message: Message }),
  z.object({ type: z.literal('minValue'), value: z.number().finite(), message: Message }),
  z.object({ type: z.literal('maxValue'), value: z.number().finite(), message: Message }),
  z.object({ type: z.literal('ssn'), value: z.unknown().optional(), message: Message }),
  z.object({ type: z.literal('sin'), value: z.unknown().optional(), message: Message }),
  z.object({ type: z.literal('maxFileSizeMB'), value: z.number().positive().max(1024), message: Message }),
  z.object({ type: z.literal('maxCumulativeFileSizeMB'), value: z.number().positive().max(10240), message: Message }),
]);
export type FormRule = z.infer<typeof FormRuleSchema>;

export const CustomValidatorSchema = z.union([
  z.enum(CUSTOM_VALIDATOR_NAMES),
  z.object({ name: z.enum(CUSTOM_VALIDATOR_NAMES), message: Message }),
]);
export type CustomValidatorRef = z.infer<typeof CustomValidatorSchema>;

const itemShape = {
  /** Required for every type that holds an answer; display blocks (info, instruction) may omit it. */
  name: FieldNameSchema.optional(),
  label: text().optional(),
  description: text(10000).optional(),
  type: z.enum(FORM_ITEM_TYPES),
  required: z.boolean().optional(),
  /** spec §4: counted in the step's new-question badge. */
  newItem: z.boolean().optional(),
  disabled: z.boolean().optional(),
  ariaLabel: text(500).optional(),
  layout: z.union([text(100), z.record(z.string(), z.unknown())]).optional(),
  /** Names of the fields whose values decide this item's visibility or options (spec §3). */
  dependencies: z.array(z.string().min(1).max(200)).max(50).optional(),
  /** Declarative replacement of the original's visibleFn; absent = always visible. */
  visibility: VisibilityConditionSchema.optional(),
  rules: z.array(FormRuleSchema).max(FORM_LIMITS.rulesPerItem).optional(),
  customValidator: CustomValidatorSchema.optional(),
  image: ItemImageSchema.optional(),
  selectOptions: SelectOptionsSchema.optional(),
  radioOptions: ChoiceOptionsSchema.optional(),
  checkboxOptions: ChoiceOptionsSchema.optional(),
  dateOptions: DateOptionsSchema.optional(),
  dateRangeOptions: DateRangeOptionsSchema.optional(),
  phoneOptions: PhoneOptionsSchema.optional(),
  textOptions: TextOptionsSchema.optional(),
  textAreaOptions: TextAreaOptionsSchema.optional(),
  emailOptions: EmailOptionsSchema.optional(),
  fileUploadOptions: FileUploadOptionsSchema.optional(),
  skillSelectorOptions: SkillSelectorOptionsSchema.optional(),
  instructionOptions: InstructionOptionsSchema.optional(),
  additionalProperties: AdditionalPropertiesSchema.optional(),
  /**
   * A form merged for several jobs (one application from the cart): the jobs that asked this question, and
   * the title shown beside it. Absent on a single job's form.
   */
  positionIds: z.array(z.number().int().positive()).max(100).optional(),
  positionTitle: text(500).optional(),
};

/** A dynamic list row's fields: any item except another dynamic list (one level of rows). */
export const FormRowItemSchema = z
  .object(itemShape)
  .refine((item) => item.type !== 'dynamicList', 'A dynamic list row cannot hold another dynamic list')
  .refine(hasNameWhenAnswering, { message: 'This item type needs a name', path: ['name'] });
export type FormRowItem = z.infer<typeof FormRowItemSchema>;

export const DynamicListOptionsSchema = z.object({
  items: z.array(FormRowItemSchema).max(100),
  itemDefaultValue: z.record(z.string(), z.unknown()).optional(),
  addButton: z.object({ text: text(200).optional(), icon: text(100).optional() }).optional(),
  itemLayout: z.union([text(100), z.record(z.string(), z.unknown())]).optional(),
  renderers: z.record(z.string(), z.unknown()).optional(),
});

function hasNameWhenAnswering(item: { type: FormItemType; name?: string | undefined }): boolean {
  return isDisplayOnlyItem(item) || item.name !== undefined;
}

export const FormItemSchema = z
  .object({ ...itemShape, dynamicListOptions: DynamicListOptionsSchema.optional() })
  .refine(hasNameWhenAnswering, { message: 'This item type needs a name', path: ['name'] })
  .refine((item) => item.type !== 'dynamicList' || item.dynamicListOptions !== undefined, {
    message: 'A dynamic list needs dynamicListOptions.items',
    path: ['dynamicListOptions'],
  })
  .refine((item) => uniqueNames(item.dynamicListOptions?.items ?? []), {
    message: 'Field names in a dynamic list row must be unique',
    path: ['dynamicListOptions', 'items'],
  });
export type FormItem = z.infer<typeof FormItemSchema>;
/** An item as the engine judges it: a top-level item or a dynamic list row's field. */
export type AnyFormItem = FormItem | FormRowItem;

export const FormSectionSchema = z.object({
  id: z.string().max(100).optional(),
  title: text(500),
  description: text(10000).optional(),
  items: z.array(FormItemSchema).max(FORM_LIMITS.itemsPerSection),
});
export type FormSection = z.infer<typeof FormSectionSchema>;

function uniqueNames(items: readonly { name?: string | undefined }[]): boolean {
  const names = items.flatMap((item) => (item.name === undefined ? [] : [item.name]));
  return new Set(names).size === names.length;
}

export const FormDefinitionSchema = z
  .object({
    id: z.string().max(100).optional(),
    title: text(500).optional(),
    sections: z.array(FormSectionSchema).max(FORM_LIMITS.sections),
  })
  .refine((definition) => uniqueNames(definition.sections.flatMap((section) => section.items)), {
    message: 'Field names must be unique across the form',
    path: ['sections'],
  });
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;
export type FormDefinitionInput = z.input<typeof FormDefinitionSchema>;
