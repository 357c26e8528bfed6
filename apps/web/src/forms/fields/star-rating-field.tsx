import { STAR_RATING_MAX } from '@careers/contracts';
import { useFormsTranslation } from '../forms-i18n';
import { ControlledField, type FieldProps } from './field-frame';

const STARS = Array.from({ length: STAR_RATING_MAX }, (_, index) => index + 1);

/**
 * star_rating (spec §3, §9): five stars labelled Poor, Average, Good, Very Good, Excellent, holding 1 to 5.
 * Native radios underneath, so arrow keys move between stars and a screen reader reads "3 of 5: Good".
 */
export function StarRatingField({ item, name }: FieldProps) {
  const { t } = useFormsTranslation();
  return (
    <ControlledField
      item={item}
      name={name} isGroup
      render={(field, { inputId }) => {
        const rating = typeof field.value === 'number' ? field.value : 0;
        return (
          <div className="form-stars">
            {STARS.map((value) => {
              const id = `${inputId}-${value}`;
              const label = t(`starRating.${value}`);
              return (
                <span key={value} className="form-stars__star">
                  <input
                    ref={value === 1 ? field.ref : undefined}
                    id={id}
                    type="radio"
                    name={field.name}
                    className="form-stars__input"
                    checked={rating === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    disabled={item.disabled}
                  />
                  <label htmlFor={id} className={`form-stars__label${value <= rating ? ' form-stars__label--on' : ''}`} title={label}>
                    <span aria-hidden="true">★</span>
                    <span className="form-visually-hidden">{t('starRating.label', { value, label })}</span>
                  </label>
                </span>
              );
            })}
            <span className="form-stars__caption" aria-hidden="true">
              {rating > 0 ? t(`starRating.${rating}`) : ''}
            </span>
          </div>
        );
      }}
    />
  );
}
