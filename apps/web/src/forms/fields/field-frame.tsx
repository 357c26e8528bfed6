import type { AnyFormItem } from '@careers/contracts';
import { memo, useId, type ReactNode } from 'react';
import { Controller, get, useFormState, type ControllerRenderProps } from 'react-hook-form';
import { useFormMethods } from '../form-methods';
import { isSameValue } from '../same-value';
import { Bdi } from '../../ui/bdi';

export interface FieldProps {
  item: AnyFormItem;
  /** The react-hook-form path: the item's name, or `list.0.field` inside a dynamic list row. */
  name: string;
}

export interface FieldIds {
  inputId: string;
  /** aria-describedby for the control: its error first, then its description. */
  describedBy: string | undefined;
  isInvalid: boolean;
}

/** The field's current error message (client or server), or undefined. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}

function RequiredMark({ isRequired }: { isRequired: boolean | undefined }) {
  return isRequired ? (
    <span className="ui-field__required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

interface FieldFrameProps extends FieldProps {
  /** A group of controls (radios, checkboxes, stars, a date range, a phone): a fieldset with a legend. */
  isGroup?: boolean;
  /** The label follows the control (a single checkbox). */
  isLabelAfter?: boolean;
  children: (ids: FieldIds) => ReactNode;
}

/**
 * Label, required asterisk, description and error of one field, tied to its control by id and
 * aria-describedby (spec §4, §5: required apply-form fields show an asterisk and an error beneath).
 */
export function FieldFrame({ item, name, isGroup = false, isLabelAfter = false, children }: FieldFrameProps) {
  const generated = useId();
  const inputId = `form-field-${generated}`;
  const error = useFieldError(name);
  const descriptionId = item.description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  const ids: FieldIds = { inputId, describedBy, isInvalid: error !== undefined };
  const label = item.label ?? item.ariaLabel ?? '';
  const messages = (
    <>
      {item.description ? (
        <p id={descriptionId} className="ui-field__hint">
          <Bdi>{item.description}</Bdi>
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
  const className = ['ui-field', 'form-field', error ? 'ui-field--invalid' : ''].filter(Boolean).join(' ');

  if (isGroup) {
    return (
      <fieldset className={`${className} form-field__group`} aria-describedby={describedBy} data-field={name}>
        <legend className="ui-field__label">
          <Bdi>{label}</Bdi>
          <RequiredMark isRequired={item.required} />
        </legend>
        {children(ids)}
        {messages}
      </fieldset>
    );
  }
  const labelElement = (
    <label className="ui-field__label" htmlFor={inputId}>
      <Bdi>{label}</Bdi>
      <RequiredMark isRequired={item.required} />
    </label>
  );
  return (
    <div className={className} data-field={name}>
      {isLabelAfter ? (
        <div className="form-field__inline">
          {children(ids)}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {children(ids)}
        </>
      )}
      {messages}
    </div>
  );
}

interface ControlledFieldProps extends FieldProps {
  isGroup?: boolean;
  render: (field: ControllerRenderProps, ids: FieldIds) => ReactNode;
}

interface ControlProps {
  field: ControllerRenderProps;
  ids: FieldIds;
  render: ControlledFieldProps['render'];
}

/**
 * The control, drawn again only when its answer or its handlers change: react-hook-form hands an object answer (a
 * date range, the skills, a file list) a fresh copy when the form's fields register, which redrew every composite
 * control in the task that mounts the form (P6).
 */
const Control = memo(
  function Control({ field, ids, render }: ControlProps) {
    return <>{render(field, ids)}</>;
  },
  (previous, next) =>
    previous.render === next.render &&
    previous.ids === next.ids &&
    previous.field.name === next.field.name &&
    previous.field.onChange === next.field.onChange &&
    previous.field.onBlur === next.field.onBlur &&
    previous.field.ref === next.field.ref &&
    previous.field.disabled === next.field.disabled &&
    isSameValue(previous.field.value, next.field.value),
);

/** A field whose control react-hook-form drives (selects, groups, composite controls), in its frame. */
export function ControlledField({ item, name, isGroup = false, render }: ControlledFieldProps) {
  const { control } = useFormMethods();
  return (
    <FieldFrame item={item} name={name} isGroup={isGroup}>
      {(ids) => <Controller control={control} name={name} render={({ field }) => <Control field={field} ids={ids} render={render} />} />}
    </FieldFrame>
  );
}
