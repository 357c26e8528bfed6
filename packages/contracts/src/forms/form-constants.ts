/** Business constants of the form engine (spec §5 "Form rules", §8, §9). Shared by the browser and the server. */

/** 1 MB as the file rules count it (spec §5: 1 MB = 1048576 bytes). */
export const BYTES_PER_MB = 1048576;

/** spec §5: file types a file upload accepts when its definition names none. */
export const DEFAULT_ALLOWED_FILE_TYPES = ['doc', 'docx', 'pdf', 'txt', 'png', 'jpg', 'jpeg'] as const;

/** spec §9: five stars, labelled in this order (values 1 to 5). */
export const STAR_RATING_LABELS = ['Poor', 'Average', 'Good', 'Very Good', 'Excellent'] as const;
export const STAR_RATING_MIN = 1;
export const STAR_RATING_MAX = 5;

/** spec §9 debounces and delays of the form engine, in milliseconds. */
export const FORM_DEPENDENCY_DEBOUNCE_MS = 50;
export const FORM_SCROLL_SPY_DEBOUNCE_MS = 50;
export const FORM_MANUAL_STEP_LOCK_MS = 1000;
export const FORM_FOOTER_HEIGHT_DEBOUNCE_MS = 500;
export const FORM_SELECT_DEFAULT_OPTION_DELAY_MS = 25;
export const SEARCH_DROPDOWN_DEBOUNCE_MS = 500;
export const SEARCH_DROPDOWN_MIN_LENGTH = 1;
/** spec §9: the phone scroll progress bar moves in steps of 10 percent. */
export const FORM_SCROLL_PROGRESS_STEP_PERCENT = 10;

/** spec §9: skill selector show-more threshold; instruction read-more height (px). */
export const SKILL_SHOW_MORE_THRESHOLD = 10;
export const INSTRUCTION_READ_MORE_MAX_HEIGHT = 150;

/** spec §5: the value a select auto-selects (and then disables) when it is the only option. */
export const NOT_APPLICABLE_VALUE = 'N/A';

/** spec §5: SSN and SIN placeholders, and the SSN cap of 11 characters (ddd-dd-dddd). */
export const SSN_PLACEHOLDER = 'XXX-XX-XXXX';
export const SIN_PLACEHOLDER = 'XXX-XXX-XXX';
export const SSN_MAX_LENGTH = 11;
export const SIN_MAX_LENGTH = 11;

/** spec §5 "Form phone": the default country when the page names none. */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** spec §8: the required message names the field only when its label is this short. */
export const REQUIRED_LABEL_MAX_LENGTH = 30;

/**
 * Bounds that keep a definition and a submission cheap to judge on the server (a definition comes from
 * tenant configuration; a submission from anyone). Generous for any real form.
 */
export const FORM_LIMITS = {
  sections: 100,
  itemsPerSection: 500,
  rulesPerItem: 20,
  choices: 1000,
  conditionDepth: 8,
  conditionBranches: 50,
  /** A regex rule judges at most this many characters (longer text fails the rule, see form-rules.ts). */
  regexInputMaxLength: 10000,
  textMaxLength: 100000,
  dynamicListRows: 200,
  skills: 200,
  files: 50,
} as const;
