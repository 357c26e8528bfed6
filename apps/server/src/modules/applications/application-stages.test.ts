import { APPLICATION_STAGES } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { canMoveStage, employerMovesFrom, isFinalStage } from './application-stages';

describe('the application stage model', () => {
  it('lets the company move forward, one stage back, or reject from any open stage', () => {
    expect(employerMovesFrom('submitted')).toEqual(['screening', 'interview', 'offer', 'hired', 'rejected']);
    expect(employerMovesFrom('interview')).toEqual(['screening', 'offer', 'hired', 'rejected']);
    expect(employerMovesFrom('offer')).toEqual(['interview', 'hired', 'rejected']);
  });

  it('lets nothing leave a final stage, and the candidate only withdraw', () => {
    for (const from of APPLICATION_STAGES) {
      for (const to of APPLICATION_STAGES) {
        if (isFinalStage(from)) expect(canMoveStage(from, to, 'employer') || canMoveStage(from, to, 'candidate')).toBe(false);
        expect(canMoveStage(from, to, 'candidate')).toBe(!isFinalStage(from) && to === 'withdrawn');
      }
      expect(canMoveStage(from, 'withdrawn', 'employer')).toBe(false);
    }
  });
});
