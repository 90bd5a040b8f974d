import { type SavedSequence, SavedSequenceList } from '@seqgen/proto';
import useSWR from 'swr';
import { type ApiOptions, apiGet } from '../api';

/**
 * The saved-sequences list is shared: the library screens read and edit it, and the dashboard's Save
 * (features/sequence) makes it stale. Its key lives here so neither feature imports the other.
 */
export const savedSequencesKey = '/api/saved-sequences';

export function listSavedSequences(options: ApiOptions = {}): Promise<SavedSequence[]> {
  return apiGet(savedSequencesKey, { ...options, schema: SavedSequenceList });
}

/** Read fresh on every visit: a sequence saved on the dashboard must show up here. */
export function useSavedSequences() {
  return useSWR(savedSequencesKey, () => listSavedSequences(), { revalidateOnMount: true });
}
