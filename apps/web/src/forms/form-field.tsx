import type { AnyFormItem, FormItem } from '@careers/contracts';
import { CheckboxField, CheckboxGroupField, RadioField, SelectField } from './fields/choice-fields';
import { DateField, DateRangeField } from './fields/date-fields';
import { DisplayItem, UnsupportedItem } from './fields/display-items';
import { DynamicListField } from './fields/dynamic-list-field';
import { FileUploadField } from './fields/file-upload-field';
import { PhoneField } from './fields/phone-field';
import { SEARCH_DROPDOWN_API_CALL, SearchDropdownField } from './fields/search-dropdown-field';
import { SkillSelectorField } from './fields/skill-selector-field';
import { StarRatingField } from './fields/star-rating-field';
import { TextField } from './fields/text-field';

export interface FormFieldProps {
  item: AnyFormItem;
  /** The react-hook-form path; default the item's name (a dynamic list row's field is `list.0.field`). */
  name?: string;
  today: string;
  defaultCountry: string;
  /** Values as visibility conditions see them (see resolveVisibility). */
  scope: Readonly<Record<string, unknown>>;
}

/** One item of a definition, by type (spec §3 edit-mode types). */
export function FormField({ item, name: path, today, defaultCountry, scope }: FormFieldProps) {
  const name = path ?? item.name ?? '';
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
      return item.selectOptions?.apiCall === SEARCH_DROPDOWN_API_CALL && item.selectOptions.apiEndpoint !== undefined ? (
        <SearchDropdownField item={item} name={name} />
      ) : (
        <SelectField item={item} name={name} />
      );
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
      return (
        <DynamicListField
          item={item as FormItem}
          name={name}
          scope={scope}
          renderRowField={(rowItem, rowPath) => <FormField item={rowItem} name={rowPath} today={today} defaultCountry={defaultCountry} scope={scope} />}
        />
      );
    case 'embedded_form':
    case 'file_upload':
    case 'fileUpload':
      return <FileUploadField item={item} name={name} />;
    case 'skillSelector':
      return <SkillSelectorField item={item} name={name} />;
    case 'esignForm':
      return <UnsupportedItem item={item} />;
  }
}
