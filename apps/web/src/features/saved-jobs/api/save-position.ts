import type { SavePositionResponse } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, lazySchema } from '../../../lib/http';
import { savedPositionsQueryKey } from './saved-positions';

const savePositionResponseSchema = lazySchema(() => import('./schemas').then((module) => module.SavePositionResponseSchema));

export type SaveAction = 'save' | 'unsave';

/** POST /api/pcsx/positions/saved {position_id, action} (spec §4 "Saved flag … true when the action is save"). */
export function savePosition(positionId: number, action: SaveAction): Promise<SavePositionResponse> {
  return http.post('/api/pcsx/positions/saved', { position_id: positionId, action }, undefined, savePositionResponseSchema);
}

export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ positionId, action }: { positionId: number; action: SaveAction }) => savePosition(positionId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedPositionsQueryKey }),
  });
}
