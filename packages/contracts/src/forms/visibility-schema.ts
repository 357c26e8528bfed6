/**
 * The schema of a visibility condition (visibility.ts), for reading definitions (form-definition.ts): apart from
 * the evaluator every form page loads, so a page builds no schema with it (P6).
 */
import { z } from 'zod';
import { FORM_LIMITS } from './form-constants';
import { conditionDepth, type VisibilityCondition } from './visibility';

const ScalarSchema = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

const FieldNameSchema = z.string().min(1).max(200);

const branches = (schema: z.ZodType<VisibilityCondition>) => z.array(schema).min(1).max(FORM_LIMITS.conditionBranches);

const ConditionShapeSchema: z.ZodType<VisibilityCondition> = z.lazy(() =>
  z.union([
    z.strictObject({ field: FieldNameSchema, op: z.enum(['equals', 'notEquals']), value: ScalarSchema }),
    z.strictObject({ field: FieldNameSchema, op: z.enum(['in', 'notIn']), value: z.array(ScalarSchema).max(FORM_LIMITS.choices) }),
    z.strictObject({ field: FieldNameSchema, op: z.enum(['notEmpty', 'empty', 'isTrue', 'isFalse']) }),
    z.strictObject({ all: branches(ConditionShapeSchema) }),
    z.strictObject({ any: branches(ConditionShapeSchema) }),
    z.strictObject({ not: ConditionShapeSchema }),
  ]),
);

// Built from `z` (a pure call for the web bundler's tree-shaking, see apps/web/vite.config.ts).
export const VisibilityConditionSchema = z.lazy(() => ConditionShapeSchema).refine(
  (condition) => conditionDepth(condition) <= FORM_LIMITS.conditionDepth,
  `A visibility condition nests at most ${FORM_LIMITS.conditionDepth} levels`,
);
