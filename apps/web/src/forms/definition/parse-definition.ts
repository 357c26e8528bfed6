import { FormDefinitionSchema, type FormDefinition } from '@careers/contracts';

/** The engine's strict reading of a form definition the wire carries loosely; null when it cannot be read. */
export function parseFormDefinition(wire: unknown): FormDefinition | null {
  const parsed = FormDefinitionSchema.safeParse(wire);
  return parsed.success ? parsed.data : null;
}
