import { formatSin, formatSsn, SIN_MAX_LENGTH, SIN_PLACEHOLDER, SSN_MAX_LENGTH, SSN_PLACEHOLDER } from '@careers/contracts';
import type { ChangeEvent, FocusEvent } from 'react';
import { useFormMethods } from '../form-methods';
import { FieldFrame, type FieldProps } from './field-frame';

/** Types typed as one line of text; ssn and sin format as typed (spec §5). */
type TextType = 'text' | 'email' | 'number' | 'ssn' | 'sin' | 'textarea';

const INPUT_TYPE: Record<Exclude<TextType, 'textarea'>, string> = { text: 'text', email: 'email', number: 'text', ssn: 'text', sin: 'text' };

function formatterOf(type: TextType): ((value: string) => string) | null {
  if (type === 'ssn') return formatSsn;
  if (type === 'sin') return formatSin;
  return null;
}

/** text, email, number, ssn, sin and textarea: trimmed on blur (spec §5), then judged (validation on blur). */
export function TextField({ item, name }: FieldProps) {
  const type = item.type as TextType;
  const { register, setValue } = useFormMethods();
  const registration = register(name);
  const format = formatterOf(type);
  const options = item.textOptions ?? item.emailOptions ?? item.textAreaOptions;
  const placeholder = type === 'ssn' ? SSN_PLACEHOLDER : type === 'sin' ? SIN_PLACEHOLDER : options?.placeholder;
  const isReadOnly = item.textOptions?.readonly === true || item.emailOptions?.readonly === true;

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (format) event.target.value = format(event.target.value);
    return registration.onChange(event);
  };
  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const trimmed = event.target.value.trim();
    if (trimmed !== event.target.value) setValue(name, trimmed);
    return registration.onBlur(event);
  };

  return (
    <FieldFrame item={item} name={name}>
      {({ inputId, describedBy, isInvalid }) => {
        const common = {
          ...registration,
          onChange,
          onBlur,
          id: inputId,
          placeholder,
          readOnly: isReadOnly || undefined,
          disabled: item.disabled,
          required: item.required,
          'aria-label': item.label ? undefined : item.ariaLabel,
          'aria-invalid': isInvalid || undefined,
          'aria-describedby': describedBy,
        };
        if (type === 'textarea') {
          return <textarea {...common} className="ui-field__input form-field__textarea" rows={4} autoComplete={item.textAreaOptions?.autocomplete} />;
        }
        return (
          <input
            {...common}
            className="ui-field__input"
            type={INPUT_TYPE[type]}
            inputMode={type === 'number' ? 'decimal' : type === 'ssn' || type === 'sin' ? 'numeric' : undefined}
            maxLength={type === 'ssn' ? SSN_MAX_LENGTH : type === 'sin' ? SIN_MAX_LENGTH : undefined}
            autoComplete={item.textOptions?.autocomplete ?? (type === 'email' ? 'email' : type === 'ssn' || type === 'sin' ? 'off' : undefined)}
          />
        );
      }}
    </FieldFrame>
  );
}
