import { conditionFields, formItems, isEmptyValue, type FormDefinition, type FormValues } from '@careers/contracts';

/**
 * The renderer's settled answers (spec §4: visibility follows the answers 50 ms after they settle) drive two
 * things only: which items are shown, through the fields visibility conditions read, and the stepper's badges,
 * through whether each answer is empty (step-status.ts). A keystroke that changes neither, such as the second
 * letter of a name, needs no new render of the form: in a 150-field form that render was ~2 ms of main thread
 * per keystroke on our hosts (bench/form-input-latency.mjs).
 */

/** Every field a visibility condition reads, in the form's items and in its dynamic lists' rows. */
export function visibilitySources(definition: FormDefinition): ReadonlySet<string> {
  const sources = new Set<string>();
  for (const item of formItems(definition)) {
    for (const member of [item, ...(item.dynamicListOptions?.items ?? [])]) {
      if (member.visibility) for (const field of conditionFields(member.visibility)) sources.add(field);
    }
  }
  return sources;
}

/** Whether `next` changes what the settled answers drive: a visibility source's value, or an answer's emptiness. */
export function isSettledChange(previous: FormValues, next: FormValues, sources: ReadonlySet<string>): boolean {
  for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    const before = previous[key];
    const after = next[key];
    // A list or group may be the same object changed in place: a source holding one always counts as changed.
    if (sources.has(key) && (before !== after || (typeof after === 'object' && after !== null))) return true;
    if (before !== after && isEmptyValue(before) !== isEmptyValue(after)) return true;
  }
  return false;
}
