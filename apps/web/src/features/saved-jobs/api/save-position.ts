import { SavePositionResponseSchema, type SavePositionResponse } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { savedPositionsQueryKey } from './saved-positions';

export type SaveAction = 'save' | 'unsave';

/** POST /api/pcsx/positions/saved {position_id, action} (spec §4 "Saved flag … true when the action is save"). */
export function savePosition(positionId: number, action: SaveAction): Promise<SavePositionResponse> {
  return http.post('/api/pcsx/positions/saved', { position_id: positionId, action }, undefined, SavePositionResponseSchema);
}

export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ positionId, action }: { positionId: number; action: SaveAction }) => savePosition(positionId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedPositionsQueryKey }),
  });
}
