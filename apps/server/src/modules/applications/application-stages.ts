import { FINAL_APPLICATION_STAGES, type ApplicationStage } from '@careers/contracts';

/**
 * The stage model (issue 9 "the employer API will move applications through stages"):
 *
 *   submitted → screening → interview → offer → hired
 *        └──────────┴───────────┴─────────┴──→ rejected   (the company, from any open stage)
 *        └──────────┴───────────┴─────────┴──→ withdrawn  (the candidate, from any open stage)
 *
 * The company may also skip forward (screening → offer: a referral hired on one interview) and step back one
 * stage (interview → screening: moved to another panel); hired, rejected and withdrawn are final. Withdrawal is
 * the candidate's own act: the company cannot withdraw an application for them, and the candidate cannot move
 * anything else.
 */

export type StageActor = 'candidate' | 'employer';

const PIPELINE: readonly ApplicationStage[] = ['submitted', 'screening', 'interview', 'offer', 'hired'];

export const isFinalStage = (stage: ApplicationStage): boolean => FINAL_APPLICATION_STAGES.includes(stage);

export function canMoveStage(from: ApplicationStage, to: ApplicationStage, actor: StageActor): boolean {
  if (isFinalStage(from) || from === to) return false;
  if (actor === 'candidate') return to === 'withdrawn';
  if (to === 'withdrawn') return false;
  if (to === 'rejected') return true;
  const fromIndex = PIPELINE.indexOf(from);
  const toIndex = PIPELINE.indexOf(to);
  return toIndex > fromIndex || toIndex === fromIndex - 1;
}

/** Every move the company may make from a stage (the employer API documents and offers these). */
export function employerMovesFrom(from: ApplicationStage): ApplicationStage[] {
  return (['submitted', 'screening', 'interview', 'offer', 'hired', 'rejected'] as const).filter((to) => canMoveStage(from, to, 'employer'));
}
