/**
 * The values fields hold (spec §3 "Value shapes"), as stored in drafts and sent with a submission, as schemas.
 * The rule engine judges values with value-checks.ts, their plain twins, which also hold the types.
 */
import { z } from 'zod';
import { ChoiceValueSchema } from './choice-schemas';
import { FORM_LIMITS, STAR_RATING_MAX, STAR_RATING_MIN } from './form-constants';
import { DATE_VALUE_PATTERN } from './value-checks';

export const DateValueSchema = z.string().regex(DATE_VALUE_PATTERN);

/** spec §3: {startDate, endDate, isCurrent}; a missing end is null (or absent). */
export const DateRangeValueSchema = z.object({
  startDate: DateValueSchema.nullable().optional(),
  endDate: DateValueSchema.nullable().optional(),
  isCurrent: z.boolean().optional(),
});

/** spec §3: the calling code joined with the number, e.g. '+1 4155552671'. */
export const PhoneValueSchema = z.string().max(60);
export const PhoneStateSchema = z.object({
  callingCode: z.string().max(4),
  number: z.string().max(40),
  selectedCountryCode: z.string().max(2).optional(),
});

/** spec §3: an uploaded file entry; content is the file as base64 and status 'done' once read. */
export const UploadedFileEntrySchema = z.object({
  uid: z.string().max(200),
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  type: z.string().max(255),
  lastModified: z.number().optional(),
  webkitRelativePath: z.string().max(1000).optional(),
  content: z.string().optional(),
  status: z.string().max(20),
});
export const FileListValueSchema = z.array(UploadedFileEntrySchema).max(FORM_LIMITS.files);

/** spec §3: skills are a list of strings. */
export const SkillsValueSchema = z.array(z.string().trim().min(1).max(200)).max(FORM_LIMITS.skills);

/** spec §3: an integer 1 to 5. */
export const StarRatingValueSchema = z.number().int().min(STAR_RATING_MIN).max(STAR_RATING_MAX);

export const CheckboxValueSchema = z.boolean();
export const CheckboxGroupValueSchema = z.array(ChoiceValueSchema).max(FORM_LIMITS.choices);

export const TextValueSchema = z.string().max(FORM_LIMITS.textMaxLength);
/** A number field's value: a number, or the text of one as an input holds it. */
export const NumberValueSchema = z.union([z.number(), z.string().max(100)]);

/** A dynamic list: one object of field values per row. */
export const DynamicListValueSchema = z.array(z.record(z.string(), z.unknown())).max(FORM_LIMITS.dynamicListRows);

/** All answers of a form, by field name. */
export const FormValuesSchema = z.record(z.string(), z.unknown());
