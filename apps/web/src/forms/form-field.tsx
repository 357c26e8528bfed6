import type { AnyFormItem } from '@careers/contracts';
import { CheckboxField, CheckboxGroupField, RadioField, SelectField } from './fields/choice-fields';
import { DateField, DateRangeField } from './fields/date-fields';
import { DisplayItem, UnsupportedItem } from './fields/display-items';
import { PhoneField } from './fields/phone-field';
import { StarRatingField } from './fields/star-rating-field';
import { TextField } from './fields/text-field';

export interface FormFieldProps {
  item: AnyFormItem;
  today: string;
  defaultCountry: string;
}

/** One item of a definition, by type (spec §3 edit-mode types). */
export function FormField({ item, today, defaultCountry }: FormFieldProps) {
  const name = item.name ?? '';
  switch (item.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'number':
    case 'ssn':
    case 'sin':
      return <TextField item={item} name={name} />;
    case 'select':
    case 'dropdown':
      return <SelectField item={item} name={name} />;
    case 'radio':
      return <RadioField item={item} name={name} />;
    case 'checkbox':
      return <CheckboxField item={item} name={name} />;
    case 'checkboxItem':
      return <CheckboxGroupField item={item} name={name} />;
    case 'star_rating':
      return <StarRatingField item={item} name={name} />;
    case 'date':
      return <DateField item={item} name={name} today={today} />;
    case 'dateRange':
      return <DateRangeField item={item} name={name} today={today} />;
    case 'phone':
      return <PhoneField item={item} name={name} defaultCountry={defaultCountry} />;
    case 'info':
    case 'instruction':
      return <DisplayItem item={item} />;
    case 'dynamicList':
    case 'embedded_form':
    case 'esignForm':
    case 'file_upload':
    case 'fileUpload':
    case 'skillSelector':
      return <UnsupportedItem item={item} />;
  }
}
