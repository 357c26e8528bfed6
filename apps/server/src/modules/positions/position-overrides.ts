import { OverridesConfigSchema, PositionOverridesSchema, type PositionOverrides } from '@careers/contracts';

/**
 * The settings `pcsxConfig.overrides` gives one position (contracts position-overrides.ts): default,
 * then its department's, then its own, later layers winning key by key.
 */

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keys that could reach a prototype are never copied (T15: Object.prototype stays unchanged). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 8;

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>, depth: number): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    target[key] =
      isPlainObject(current) && isPlainObject(value) && depth < MAX_DEPTH
        ? mergeInto({ ...current }, value, depth + 1)
        : value;
  }
  return target;
}

export function positionOverrides(config: unknown, position: { id: number; department: string }): PositionOverrides {
  const parsed = OverridesConfigSchema.safeParse(config);
  // A malformed overrides block overrides nothing rather than breaking the job page.
  if (!parsed.success) return {};
  const { default: base, departments, positions } = parsed.data;
  const layers = [
    base,
    departments && Object.hasOwn(departments, position.department) ? departments[position.department] : undefined,
    positions && Object.hasOwn(positions, String(position.id)) ? positions[String(position.id)] : undefined,
  ];
  const merged = layers.reduce<Record<string, unknown>>((result, layer) => (layer ? mergeInto(result, layer, 0) : result), {});
  const checked = PositionOverridesSchema.safeParse(merged);
  return checked.success ? checked.data : {};
}
