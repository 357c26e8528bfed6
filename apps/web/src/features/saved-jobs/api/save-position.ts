import type { SavePositionResponse } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { savedPositionsQueryKey } from './saved-positions';

const savePositionAnswer = lazySchema(() => import('./schemas'), 'SavePositionResponseSchema');

export type SaveAction = 'save' | 'unsave';

/** POST /api/pcsx/positions/saved {position_id, action} (spec §4 "Saved flag … true when the action is save"). */
export function savePosition(positionId: number, action: SaveAction): Promise<SavePositionResponse> {
  return http.post('/api/pcsx/positions/saved', { position_id: positionId, action }, undefined, savePositionAnswer);
}

export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ positionId, action }: { positionId: number; action: SaveAction }) => savePosition(positionId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedPositionsQueryKey }),
  });
}
