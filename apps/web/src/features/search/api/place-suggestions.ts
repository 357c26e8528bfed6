import { PLACE_SUGGESTIONS_MIN_CHARS, type PlaceSuggestion, type PlaceSuggestionsResponse } from '@careers/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { CACHE_TIME } from '../../../lib/query-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Ask once the candidate pauses, not on every key (issue 8 §6: "debounced"). */
export const PLACE_SUGGESTIONS_DEBOUNCE_MS = 200;

/** GET /api/pcsx/places (contracts place-suggestions.ts): the tenant's places matching typed text. */
export async function fetchPlaceSuggestions(text: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  const response = await http.get<PlaceSuggestionsResponse>('/api/pcsx/places', { query: { query: [text] }, signal });
  return response.places;
}

/**
 * The places to suggest for what is typed in the location field (debounced); none for short text, for the
 * special locations, or when the call fails (the field works without suggestions). The previous answer
 * stays while the next one loads, so the list does not flicker as the candidate types.
 */
export function usePlaceSuggestions(text: string, isEnabled: boolean): PlaceSuggestion[] {
  const settled = useDebouncedValue(text.trim(), PLACE_SUGGESTIONS_DEBOUNCE_MS);
  const isAsked = isEnabled && settled.length >= PLACE_SUGGESTIONS_MIN_CHARS;
  const query = useQuery({
    queryKey: ['place-suggestions', settled.toLowerCase()],
    queryFn: ({ signal }) => fetchPlaceSuggestions(settled, signal),
    enabled: isAsked,
    staleTime: CACHE_TIME.fiveMinutes,
    placeholderData: (previous) => previous,
  });
  return isAsked && text.trim().length >= PLACE_SUGGESTIONS_MIN_CHARS ? (query.data ?? []) : [];
}
