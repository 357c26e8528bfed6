/**
 * spec §9 "Page title: from the config template, search query plus location, or position name plus
 * company name, otherwise Careers at {company}."
 */
export interface PageTitleInput {
  company: string;
  template?: string | undefined;
  query?: string | undefined;
  location?: string | undefined;
  positionName?: string | undefined;
  pageTitle?: string | undefined;
}

export function pageTitle({ company, template, query, location, positionName, pageTitle }: PageTitleInput): string {
  // A template that names the company adds it itself: "Welder | Acme", not "Welder - Acme | Acme".
  const companyInTemplate = Boolean(template?.includes('{company}'));
  const subject = positionName
    ? companyInTemplate
      ? positionName
      : `${positionName} - ${company}`
    : [query, location].filter((part) => part && part.trim()).join(' in ') || pageTitle || '';
  if (template && subject) {
    return template.replaceAll('{title}', subject).replaceAll('{company}', company);
  }
  return subject || `Careers at ${company}`;
}
