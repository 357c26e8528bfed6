import type { Page } from '@playwright/test';

/** What has the keyboard's focus: for journeys that Tab through a form and act on what they meet. */
export interface FocusedField {
  /** An input's type ('text', 'file', 'checkbox'…), else the element's tag name. */
  kind: string;
  /** Its label, aria-label or text, trimmed. */
  label: string;
  value: string;
  checked: boolean;
  /** The form field it belongs to (data-field), or ''. */
  field: string;
}

export function focusedField(page: Page): Promise<FocusedField> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const label = element?.labels?.[0]?.textContent ?? element?.getAttribute('aria-label') ?? element?.textContent ?? '';
    return {
      kind: element?.tagName === 'INPUT' ? element.type : (element?.tagName.toLowerCase() ?? 'none'),
      label: label.trim(),
      value: element?.value ?? '',
      checked: element?.checked === true,
      field: element?.closest('[data-field]')?.getAttribute('data-field') ?? '',
    };
  });
}
