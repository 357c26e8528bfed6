import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** What a field needs of its form: the methods, never the form's state (loosely typed, as RHF's own context). */
export type FormMethods = Pick<UseFormReturn<FieldValues>, 'control' | 'register' | 'setValue' | 'getValues' | 'getFieldState'>;

const FormMethodsContext = createContext<FormMethods | null>(null);

/**
 * Hands the form's methods to its fields through a context that never changes for the life of the form.
 *
 * react-hook-form's own context (useFormContext) carries the form state too, so every field reading it redrew on
 * every change of that state: the form becoming ready right after it mounts, a submit starting and ending. On the
 * apply page that was a second, blocking render of the whole form in the task that mounts it (P6). Fields read
 * their own state through RHF's hooks (useFormState, useWatch, Controller), which subscribe per field.
 */
export function FormMethodsProvider({ form, children }: { form: UseFormReturn<FieldValues>; children: ReactNode }) {
  const { control, register, setValue, getValues, getFieldState } = form;
  const methods = useMemo(() => ({ control, register, setValue, getValues, getFieldState }), [control, register, setValue, getValues, getFieldState]);
  return <FormMethodsContext.Provider value={methods}>{children}</FormMethodsContext.Provider>;
}

export function useFormMethods(): FormMethods {
  const methods = useContext(FormMethodsContext);
  if (!methods) throw new Error('useFormMethods is used outside a FormMethodsProvider (a field outside its form)');
  return methods;
}
