/** Moves focus to the first field (in form order) that has an error, so the error is read out at once. */
export function focusFirstError(form: HTMLFormElement | null, fieldOrder: readonly string[], errors: Partial<Record<string, string>>): boolean {
  const first = fieldOrder.find((name) => errors[name]);
  if (!first) return false;
  const element = form?.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
  return true;
}

/** The subset of server field errors that belong to this form's fields. */
export function knownFieldErrors<Field extends string>(fields: readonly Field[], serverFields: Readonly<Record<string, string>>) {
  const known: Partial<Record<Field, string>> = {};
  let hasUnknown = false;
  for (const [name, message] of Object.entries(serverFields)) {
    if ((fields as readonly string[]).includes(name)) known[name as Field] = message;
    else hasUnknown = true;
  }
  return { known, hasKnown: Object.keys(known).length > 0, hasUnknown };
}
