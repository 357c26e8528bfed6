/** The apply calls' addresses (spec §7) and the cache keys of what they answer. */
export const applyApiPaths = {
  applyForm: '/api/pcsx/apply_form',
  apply: '/api/pcsx/apply',
  drafts: '/api/pcsx/draft_applications',
  parseResume: '/api/pcsx/parse_resume',
} as const;

export const applyQueryKeys = {
  all: ['applications'] as const,
  form: (positionIds: readonly number[]) => ['applications', 'apply-form', positionIds.join(',')] as const,
  drafts: () => ['applications', 'drafts'] as const,
};
