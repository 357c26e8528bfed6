import { INSTRUCTION_READ_MORE_MAX_HEIGHT, type AnyFormItem } from '@careers/contracts';
import { useId, useState } from 'react';
import { SanitizedHtml } from '../../app/shell/sanitized-html';
import { useFormsTranslation } from '../forms-i18n';

/** info: a title and plain text the candidate reads; no answer. */
export function DisplayItem({ item }: { item: AnyFormItem }) {
  if (item.type === 'instruction') return <Instruction item={item} />;
  return (
    <div className="form-display form-display--info">
      {item.label ? (
        <p className="form-display__title" dir="auto">
          {item.label}
        </p>
      ) : null}
      {item.description ? (
        <p className="form-display__text" dir="auto">
          {item.description}
        </p>
      ) : null}
    </div>
  );
}

/**
 * instruction: tenant-written HTML, always through the sanitizer (T09). With showReadMoreButton it is cut to
 * readMoreMaxHeight (spec §9: 150 px) behind a Read more toggle.
 */
function Instruction({ item }: { item: AnyFormItem }) {
  const { t } = useFormsTranslation();
  const contentId = useId();
  const [isExpanded, setExpanded] = useState(false);
  const options = item.instructionOptions;
  const isCollapsible = options?.showReadMoreButton === true;
  const maxHeight = options?.readMoreMaxHeight ?? INSTRUCTION_READ_MORE_MAX_HEIGHT;
  return (
    <div className="form-display form-display--instruction" role="note" aria-label={item.label ?? item.ariaLabel}>
      {item.label ? (
        <p className="form-display__title" dir="auto">
          {item.label}
        </p>
      ) : null}
      <div id={contentId} className="form-display__html" style={isCollapsible && !isExpanded ? { maxBlockSize: `${maxHeight}px`, overflow: 'hidden' } : undefined}>
        <SanitizedHtml html={item.description ?? ''} />
      </div>
      {isCollapsible ? (
        <button type="button" className="form-display__toggle" aria-expanded={isExpanded} aria-controls={contentId} onClick={() => setExpanded(!isExpanded)}>
          {isExpanded ? t('instruction.readLess') : t('instruction.readMore')}
        </button>
      ) : null}
    </div>
  );
}

/** A type the web engine does not render yet: said plainly, never silently missing. */
export function UnsupportedItem({ item }: { item: AnyFormItem }) {
  const { t } = useFormsTranslation();
  return (
    <div className="form-display form-display--unsupported" role="note">
      {item.label ? (
        <p className="form-display__title" dir="auto">
          {item.label}
        </p>
      ) : null}
      <p className="form-display__text">{t('unsupported')}</p>
    </div>
  );
}
