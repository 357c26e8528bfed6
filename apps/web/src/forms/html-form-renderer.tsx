import type { AnyFormItem, FormDefinition } from '@careers/contracts';
import { useId, type ReactNode } from 'react';
import { SanitizedHtml } from '../app/shell/sanitized-html';
import { useFormsCatalogue, useFormsTranslation } from './forms-i18n';
import './html-form-renderer.css';

/** spec §2 "HTML form renderer": an item's image is shown at 400×200. */
export const HTML_FORM_IMAGE = { width: 400, height: 200 } as const;

export interface HtmlFormRendererProps {
  definition: FormDefinition;
  /** Buttons or links below the items (spec §2 "plus actions"). */
  actions?: ReactNode;
}

/**
 * The HTML form renderer (spec §2): a form read rather than answered — each item's label, its description
 * (tenant HTML, always through the sanitizer, T09) and an optional 400×200 image — plus actions.
 */
export function HtmlFormRenderer({ definition, actions }: HtmlFormRendererProps) {
  useFormsCatalogue();
  const { t } = useFormsTranslation();
  const titleId = useId();
  return (
    <article className="html-form" aria-labelledby={definition.title ? titleId : undefined}>
      {definition.title ? (
        <h2 id={titleId} className="form-renderer__title" dir="auto">
          {definition.title}
        </h2>
      ) : null}
      {definition.sections.map((section, sectionIndex) => (
        <section key={section.id ?? sectionIndex} className="html-form__section" aria-label={section.title}>
          {section.title ? (
            <h3 className="form-section__title" dir="auto">
              {section.title}
            </h3>
          ) : null}
          {section.items.map((item, itemIndex) => (
            <HtmlFormItem key={item.name ?? itemIndex} item={item} />
          ))}
        </section>
      ))}
      {actions ? (
        <div className="html-form__actions" role="group" aria-label={t('html.actions')}>
          {actions}
        </div>
      ) : null}
    </article>
  );
}

function imageOf(item: AnyFormItem): { src: string; alt: string } | null {
  if (!item.image) return null;
  const image = typeof item.image === 'string' ? { src: item.image, alt: '' } : { src: item.image.src, alt: item.image.alt ?? '' };
  // Only web and same-site addresses: a data: or javascript: address is not an image a tenant hosts (T09).
  return /^(https?:\/\/|\/(?!\/))/i.test(image.src) ? image : null;
}

function HtmlFormItem({ item }: { item: AnyFormItem }) {
  const image = imageOf(item);
  return (
    <div className="html-form__item">
      {image ? (
        <img className="html-form__image" src={image.src} alt={image.alt} width={HTML_FORM_IMAGE.width} height={HTML_FORM_IMAGE.height} loading="lazy" decoding="async" />
      ) : null}
      <div className="html-form__body">
        {item.label ? (
          <p className="html-form__label" dir="auto">
            {item.label}
          </p>
        ) : null}
        {item.description ? <SanitizedHtml className="html-form__description" html={item.description} /> : null}
      </div>
    </div>
  );
}
