import { SavedSequence, SavedSequencePage } from '@seqgen/proto';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { type ApiOptions, apiGet } from '../api';

/**
 * The saved sequences are shared: the library screens read and edit them, and the dashboard's Save
 * (features/sequence) makes them stale. Their keys live here so neither feature imports the other.
 */
export const savedSequencesKey = '/api/saved-sequences';
export const savedSequencePath = (id: string) => `${savedSequencesKey}/${encodeURIComponent(id)}`;

/** Cards per page: a view costs the same at ten saved sequences or ten thousand (issue 25, item 4). */
export const SAVED_PAGE_SIZE = 20;

/** One whole saved sequence (the list's pages carry summaries only). */
export function getSavedSequence(id: string, options: ApiOptions = {}): Promise<SavedSequence> {
  return apiGet(savedSequencePath(id), { ...options, schema: SavedSequence });
}

/** `id` undefined: nothing is fetched yet (a card loads its whole sequence only when it is wanted). */
export function useSavedSequence(id: string | undefined) {
  return useSWR(id ? savedSequencePath(id) : null, () => getSavedSequence(id as string));
}

const pageKey = (search: string) => (index: number, previous: SavedSequencePage | null) => {
  if (index > 0 && !previous?.nextCursor) return null;
  const params = new URLSearchParams({ limit: String(SAVED_PAGE_SIZE) });
  if (search) params.set('q', search);
  if (previous?.nextCursor) params.set('cursor', previous.nextCursor);
  return `${savedSequencesKey}?${params}`;
};

/**
 * Pages of summaries, newest first, matching `search` (title or company URL); read fresh on every
 * visit, since a sequence saved on the dashboard must show up here.
 */
export function useSavedSequencePages(search: string) {
  return useSWRInfinite(pageKey(search), (key: string) => apiGet(key, { schema: SavedSequencePage }), {
    revalidateOnMount: true,
    revalidateFirstPage: true,
  });
}
