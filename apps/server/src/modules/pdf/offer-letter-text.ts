/**
 * The words of the generated offer letter (issue 4 "Data": each seeded offer has a real PDF letter). Kept
 * apart from the drawing code so the layout file reads as layout.
 */

export interface LetterFacts {
  companyName: string;
  candidateName: string;
  positionName: string;
  salaryText: string;
  startDate: string;
  managerName: string;
  expiresOn: string | null;
}

export const letterIntro = (f: LetterFacts): string[] => [
  `On behalf of ${f.companyName}, I am delighted to offer you the position of ${f.positionName}. Everyone you met ` +
    'during the interviews came away convinced that your experience and judgement will make a real difference to ' +
    'our team, and we are excited about what we can build together.',
  'This letter sets out the terms of our offer. Please read it carefully, together with the terms that follow, ' +
    'and ask us about anything that is unclear before you sign.',
];

export const letterSummaryRows = (f: LetterFacts): [string, string][] => [
  ['Position', f.positionName],
  ['Reports to', f.managerName],
  ['Start date', f.startDate],
  ['Base salary', f.salaryText],
  ['Employment type', 'Full-time, regular'],
  ['Offer valid until', f.expiresOn ?? 'Open until accepted or withdrawn'],
];

export const letterPay = (): string =>
  'Your base salary is paid in equal instalments on the regular payroll schedule, less applicable taxes and ' +
  'withholdings, and is reviewed once a year as part of our performance cycle.';

export const letterFirstDay = (f: LetterFacts): string =>
  `On ${f.startDate}, ${f.managerName} will welcome you and walk you through your first weeks. Before then, our ` +
  'people team will send you the onboarding forms and everything you need to get set up.';

export const LETTER_BENEFITS = [
  'Medical, dental and vision cover for you and your dependants from your first day.',
  'A retirement plan with a company match of up to 5% of your base salary.',
  '25 days of paid time off a year, plus public holidays.',
  'An annual learning budget and paid time for courses and conferences.',
  'Paid parental leave and a confidential employee assistance programme.',
];

export const letterConditions = (f: LetterFacts): string =>
  'This offer is contingent on verification of your right to work and on the satisfactory completion of our ' +
  `standard background check. Your employment is at will: you or ${f.companyName} may end it at any time, with ` +
  'or without cause or notice. Before your start date you will be asked to sign our confidentiality and ' +
  'invention assignment agreement.';

export const letterScheduleNote = (lastSchedulePage: number): string =>
  `The terms of employment in Schedule A, on pages 2 to ${lastSchedulePage}, form part of this offer.`;

export const letterClosing = (f: LetterFacts): string =>
  `We are thrilled at the prospect of you joining ${f.companyName}. To accept, sign in the box below` +
  (f.expiresOn ? ` by ${f.expiresOn}.` : '.');

export const letterAcceptance = (f: LetterFacts): string =>
  `I, ${f.candidateName}, accept this offer of employment as ${f.positionName} on the terms set out in this letter.`;

/** Schedule A clauses for letters longer than two pages; numbered on, cycling through the list. */
export const SCHEDULE_CLAUSES: readonly { title: string; text: string }[] = [
  {
    title: 'Duties',
    text:
      'You will perform the duties reasonably associated with your position and any others that fit your skills ' +
      'and experience. Your responsibilities may evolve as the business grows; we will discuss significant changes ' +
      'with you beforehand.',
  },
  {
    title: 'Place of work',
    text:
      'Your normal place of work is the office named in your onboarding pack. You may work remotely under the ' +
      'company hybrid working policy in force from time to time, subject to the needs of your team.',
  },
  {
    title: 'Hours of work',
    text:
      'Normal working hours are forty hours a week, Monday to Friday. Your position may require additional hours ' +
      'from time to time; overtime is compensated where the law requires it.',
  },
  {
    title: 'Probationary period',
    text:
      'The first ninety days of employment are a period of orientation during which you and your manager will ' +
      'agree goals, meet regularly and review progress. This period does not change the at-will nature of employment.',
  },
  {
    title: 'Paid time off',
    text:
      'Paid time off accrues from your start date in equal amounts each pay period. Up to five unused days may be ' +
      'carried into the next calendar year. Requests are agreed with your manager in advance.',
  },
  {
    title: 'Sickness absence',
    text:
      'If you are unwell, tell your manager as early as possible on the first day of absence. Paid sick leave is ' +
      'provided in line with company policy and at least the minimum that applicable law requires.',
  },
  {
    title: 'Expenses',
    text:
      'The company reimburses reasonable business expenses incurred in the course of your work, on submission of ' +
      'receipts through the expense system and in line with the travel and expenses policy.',
  },
  {
    title: 'Confidential information',
    text:
      'During and after your employment you will keep confidential all non-public information about the company, ' +
      'its customers and its employees, and use it only to perform your duties.',
  },
  {
    title: 'Intellectual property',
    text:
      'Work product you create in the course of your employment belongs to the company. The separate invention ' +
      'assignment agreement lists any prior inventions you wish to exclude.',
  },
  {
    title: 'Outside activities',
    text:
      'You may take part in outside activities that do not conflict with the interests of the company or your ' +
      'duties. Please discuss any paid outside work with your manager before you start it.',
  },
  {
    title: 'Data protection',
    text:
      'The company processes your personal data for the purposes of your employment as described in the employee ' +
      'privacy notice, which you will receive with your onboarding documents.',
  },
  {
    title: 'Entire agreement',
    text:
      'This letter, its schedule and the agreements it refers to are the entire agreement between you and the ' +
      'company about your employment and replace any earlier discussions or representations.',
  },
];
