import { Fragment, type ReactNode } from 'react';

/**
 * Text a tenant or a candidate wrote (form labels and help texts, option labels, section and job titles,
 * locations, departments, company names, answers shown back), isolated so it takes the direction of its
 * own characters: the tenant's "Where do you live?" on an Arabic page keeps its question mark at its end
 * instead of "?Where do you live" (issue 13, bidi-safe user content).
 *
 * The convention: an element that holds only such text gets `dir="auto"` itself (a job title's <h1>, an
 * <option>); where it sits inline beside our own translated text or marks (a label with its required
 * asterisk, "Remove filter {name}"), it goes in <Bdi>. Both leave the block's alignment to the page.
 */
export function Bdi({ children }: { children: ReactNode }) {
  return <bdi dir="auto">{children}</bdi>;
}

/** "Nursing · Boston": the non-empty parts, each isolated, joined by a middle dot. */
export function BdiJoin({ parts }: { parts: readonly (string | null | undefined)[] }) {
  return parts
    .filter((part): part is string => Boolean(part))
    .map((part, index) => (
      <Fragment key={index}>
        {index > 0 ? ' · ' : null}
        <Bdi>{part}</Bdi>
      </Fragment>
    ));
}

/**
 * The same isolation inside a plain string, for tenant text interpolated into one of our sentences
 * ("Step 2 of 3: {title}") or where no element can go (an <option>, an aria-label): U+2068 FIRST STRONG
 * ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, the characters <bdi dir="auto"> stands for.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
