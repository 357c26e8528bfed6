/** The select options answer's schema, loaded with the first options fetched (select-options-answer.ts). */
export { SelectOptionsResponseSchema } from '@careers/contracts';
