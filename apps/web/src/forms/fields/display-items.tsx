import type { AnyFormItem } from '@careers/contracts';
import { useFormsTranslation } from '../forms-i18n';

/**
 * info and instruction: text the candidate reads, no answer. Descriptions are shown as text (a definition's
 * markup is not rendered here; HTML descriptions go through the sanitizer in a later step).
 */
export function DisplayItem({ item }: { item: AnyFormItem }) {
  return (
    <div className={`form-display form-display--${item.type}`} role={item.type === 'instruction' ? 'note' : undefined}>
      {item.label ? <p className="form-display__title">{item.label}</p> : null}
      {item.description ? <p className="form-display__text">{item.description}</p> : null}
    </div>
  );
}

/** A type the web engine does not render yet: said plainly, never silently missing. */
export function UnsupportedItem({ item }: { item: AnyFormItem }) {
  const { t } = useFormsTranslation();
  return (
    <div className="form-display form-display--unsupported" role="note">
      {item.label ? <p className="form-display__title">{item.label}</p> : null}
      <p className="form-display__text">{t('unsupported')}</p>
    </div>
  );
}
