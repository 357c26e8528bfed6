/**
 * The demo tenants' forms (issue 9 "Data"), written in the forms engine's definition shape
 * (packages/contracts/src/forms FormDefinitionSchema): sections with ids, items with rules and declarative
 * `visibility` conditions. Stored per tenant in form_definitions; applyFormConfig.formKey names the apply form.
 */

const NA = [{ label: 'Not Applicable', value: 'N/A' }];

export function applicationForm(companyName: string) {
  return {
    title: `Apply to ${companyName}`,
    sections: [
      {
        id: 'contact',
        title: 'Contact information',
        items: [
          { name: 'first_name', label: 'First name', type: 'text', required: true, rules: [{ type: 'maxLength', value: 100 }], textOptions: { autocomplete: 'given-name' } },
          { name: 'last_name', label: 'Last name', type: 'text', required: true, rules: [{ type: 'maxLength', value: 100 }], textOptions: { autocomplete: 'family-name' } },
          { name: 'email', label: 'Email', type: 'email', required: true, rules: [{ type: 'email' }] },
          { name: 'phone', label: 'Phone', type: 'phone', required: true, rules: [{ type: 'phone', value: false }], phoneOptions: { defaultCountryCode: 'US' } },
          { name: 'location', label: 'Where do you live?', type: 'text', rules: [{ type: 'maxLength', value: 120 }] },
          { name: 'linkedin', label: 'LinkedIn profile', type: 'text', rules: [{ type: 'regex', value: '/^https:\\/\\/(www\\.)?linkedin\\.com\\//i', message: 'Enter a LinkedIn address (https://www.linkedin.com/…)' }] },
        ],
      },
      {
        id: 'experience',
        title: 'Work history',
        items: [
          { name: 'current_title', label: 'Current job title', type: 'text', rules: [{ type: 'maxLength', value: 200 }] },
          {
            name: 'work_history',
            label: 'Work history',
            type: 'dynamicList',
            rules: [{ type: 'maxLength', value: 10, message: 'Add at most 10 positions' }],
            dynamicListOptions: {
              addButton: { text: 'Add position' },
              items: [
                { name: 'company', label: 'Company', type: 'text', required: true },
                { name: 'title', label: 'Title', type: 'text', required: true },
                { name: 'period', label: 'Dates', type: 'dateRange', required: true, dateRangeOptions: { picker: 'month', showCurrentCheck: true, currentCheckboxPlaceholder: 'I currently work here' } },
                { name: 'summary', label: 'What you did', type: 'textarea', rules: [{ type: 'maxLength', value: 2000 }] },
              ],
            },
          },
        ],
      },
      {
        id: 'education',
        title: 'Education',
        items: [
          {
            name: 'education',
            label: 'Education',
            type: 'dynamicList',
            dynamicListOptions: {
              addButton: { text: 'Add school' },
              items: [
                { name: 'school', label: 'School', type: 'text', required: true },
                {
                  name: 'degree',
                  label: 'Degree',
                  type: 'select',
                  selectOptions: {
                    choices: [
                      { label: 'High school', value: 'high_school' },
                      { label: 'Associate', value: 'associate' },
                      { label: 'Bachelor', value: 'bachelor' },
                      { label: 'Master', value: 'master' },
                      { label: 'Doctorate', value: 'doctorate' },
                    ],
                  },
                },
                { name: 'period', label: 'Dates', type: 'dateRange', dateRangeOptions: { picker: 'year', dateFormat: 'YYYY' } },
              ],
            },
          },
        ],
      },
      {
        id: 'skills',
        title: 'Skills and resume',
        items: [
          {
            name: 'skills',
            label: 'Skills',
            type: 'skillSelector',
            required: true,
            skillSelectorOptions: { showMoreThreshold: 8, suggestedSkills: ['Python', 'TypeScript', 'SQL', 'Robotics', 'CAD', 'Project management', 'Communication'] },
          },
          { name: 'english_level', label: 'How would you rate your English?', type: 'star_rating' },
          {
            name: 'resume',
            label: 'Resume',
            type: 'file_upload',
            required: true,
            rules: [
              { type: 'maxLength', value: 2 },
              { type: 'maxCumulativeFileSizeMB', value: 10 },
            ],
            fileUploadOptions: { uploadSize: 5, allowedTypes: ['pdf', 'doc', 'docx', 'txt'] },
          },
          { name: 'cover_letter', label: 'Cover letter', type: 'textarea', rules: [{ type: 'maxLength', value: 5000 }] },
        ],
      },
      {
        id: 'eeo',
        title: 'Voluntary self-identification',
        items: [
          { type: 'instruction', label: 'These questions are optional. Your answers are kept apart from your application and never affect it.' },
          { name: 'eeo_country', label: 'Country of residence', type: 'select', selectOptions: { choices: [{ label: 'United States', value: 'US' }, { label: 'Canada', value: 'CA' }, { label: 'Other', value: 'other' }] } },
          {
            name: 'eeo_gender',
            label: 'Gender',
            type: 'select',
            dependencies: ['eeo_country'],
            visibility: { field: 'eeo_country', op: 'in', value: ['US', 'CA'] },
            selectOptions: { choices: [{ label: 'Woman', value: 'woman' }, { label: 'Man', value: 'man' }, { label: 'Non-binary', value: 'non_binary' }, { label: 'Prefer not to say', value: 'declined' }] },
          },
          {
            name: 'eeo_veteran',
            label: 'Protected veteran status',
            type: 'select',
            dependencies: ['eeo_country'],
            visibility: { field: 'eeo_country', op: 'equals', value: 'US' },
            selectOptions: { choices: [{ label: 'I am a protected veteran', value: 'yes' }, { label: 'I am not a protected veteran', value: 'no' }, { label: 'Prefer not to say', value: 'declined' }] },
          },
          // Outside the US the question does not apply: its one N/A choice is picked and the field disabled (spec §4).
          {
            name: 'eeo_veteran_other',
            label: 'Protected veteran status',
            type: 'select',
            dependencies: ['eeo_country'],
            visibility: { field: 'eeo_country', op: 'in', value: ['CA', 'other'] },
            selectOptions: { choices: NA },
          },
          {
            name: 'eeo_disability',
            label: 'Do you have a disability?',
            type: 'radio',
            dependencies: ['eeo_country'],
            visibility: { field: 'eeo_country', op: 'equals', value: 'US' },
            radioOptions: { choices: [{ label: 'Yes', value: 'yes' }, { label: 'No', value: 'no' }, { label: 'Prefer not to say', value: 'declined' }] },
          },
        ],
      },
      {
        id: 'consent',
        title: 'Review and consent',
        items: [
          {
            name: 'privacy_consent',
            label: `I agree that ${companyName} may store and process my application data to assess my candidacy.`,
            type: 'checkbox',
            required: true,
          },
        ],
      },
    ],
  };
}

/** A job's own questions on top of the tenant's form (form_definitions with a position_id). */
export function jobQuestions(topic: string) {
  return {
    sections: [
      {
        id: 'job_questions',
        title: 'Questions about the role',
        items: [
          { name: 'why_this_role', label: 'Why this role?', type: 'textarea', required: true, rules: [{ type: 'maxLength', value: 2000 }] },
          { name: `years_${topic}`, label: `Years of ${topic} experience`, type: 'number', required: true, rules: [{ type: 'minValue', value: 0 }, { type: 'maxValue', value: 60 }] },
        ],
      },
    ],
  };
}

/** The preboarding form a hired candidate fills (forms center): identity numbers by country, bank, emergency contact. */
export const PREBOARDING_FORM = {
  title: 'Preboarding',
  sections: [
    {
      id: 'identity',
      title: 'Identity',
      items: [
        { name: 'legal_name', label: 'Full legal name', type: 'text', required: true },
        { name: 'date_of_birth', label: 'Date of birth', type: 'date', required: true, dateOptions: { enableUntil: 0 } },
        { name: 'tax_country', label: 'Country you will work in', type: 'radio', required: true, radioOptions: { choices: [{ label: 'United States', value: 'US' }, { label: 'Canada', value: 'CA' }] } },
        { name: 'ssn', label: 'Social security number', type: 'ssn', required: true, dependencies: ['tax_country'], visibility: { field: 'tax_country', op: 'equals', value: 'US' }, rules: [{ type: 'ssn' }] },
        { name: 'sin', label: 'Social insurance number', type: 'sin', required: true, dependencies: ['tax_country'], visibility: { field: 'tax_country', op: 'equals', value: 'CA' }, rules: [{ type: 'sin' }] },
      ],
    },
    {
      id: 'emergency',
      title: 'Emergency contact',
      items: [
        { name: 'emergency_name', label: 'Contact name', type: 'text', required: true },
        { name: 'emergency_phone', label: 'Contact phone', type: 'phone', required: true, rules: [{ type: 'phone', value: false }] },
      ],
    },
    {
      id: 'documents',
      title: 'Documents',
      items: [
        { name: 'id_document', label: 'Photo ID', type: 'file_upload', required: true, rules: [{ type: 'maxLength', value: 1 }], fileUploadOptions: { allowedTypes: ['pdf', 'png', 'jpg', 'jpeg'] } },
      ],
    },
  ],
};

/** A short document request (forms center): a signed policy acknowledgement. */
export const HANDBOOK_FORM = {
  title: 'Employee handbook acknowledgement',
  sections: [
    {
      id: 'handbook',
      title: 'Handbook',
      items: [
        { type: 'info', label: 'Read the employee handbook before your first day.' },
        { name: 'handbook_read', label: 'I have read the employee handbook', type: 'checkbox', required: true },
        { name: 'questions', label: 'Questions for HR', type: 'textarea' },
      ],
    },
  ],
};
