/**
 * The web's entry point into the contracts rule engine: a react-hook-form resolver. It runs the very
 * validateForm the server's judgeSubmission runs (T16 parity: resolver.parity.test.ts), and on success hands
 * the submit handler exactly what the server would keep (pickVisibleValues: visible answers, text trimmed).
 */
import {
  pickVisibleValues,
  validateForm,
  type FieldError as EngineError,
  type FormDefinition,
  type ValidationContext,
} from '@careers/contracts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export type TranslateError = (error: EngineError) => string;

export interface EngineResolverOptions {
  context?: ValidationContext | (() => ValidationContext);
  /** The message shown for an engine error; default its English text. */
  translate?: TranslateError;
}

/** An error as react-hook-form holds it, with the engine's error kept for whoever needs the key. */
export interface EngineFieldError {
  type: string;
  message: string;
  engine: EngineError;
}

/** 'work.0.employer' → errors.work[0].employer, the shape react-hook-form reads with get(errors, path). */
export function nestErrors<Values extends FieldValues = FieldValues>(errors: Readonly<Record<string, EngineError>>, translate: TranslateError): FieldErrors<Values> {
  const nested: Record<string, unknown> = {};
  // Shorter paths first, so a list's own error is in place before its rows' errors join it.
  for (const path of Object.keys(errors).sort((a, b) => a.split('.').length - b.split('.').length)) {
    const engine = errors[path] as EngineError;
    const leaf: EngineFieldError = { type: engine.key, message: translate(engine), engine };
    const parts = path.split('.');
    let node = nested;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] as string;
    node[last] = { ...((node[last] as object | undefined) ?? {}), ...leaf };
  }
  return nested as FieldErrors<Values>;
}

export function formEngineResolver<Values extends FieldValues = FieldValues>(definition: FormDefinition, options: EngineResolverOptions = {}): Resolver<Values> {
  const translate = options.translate ?? ((error: EngineError) => error.message);
  return (values) => {
    const context = typeof options.context === 'function' ? options.context() : options.context;
    const errors = validateForm(definition, values, context);
    if (Object.keys(errors).length > 0) return { values: {}, errors: nestErrors<Values>(errors, translate) };
    return { values: pickVisibleValues(definition, values) as Values, errors: {} };
  };
}
