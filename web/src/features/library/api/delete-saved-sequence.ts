import type { SavedSequence } from '@seqgen/proto';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiRequest } from '../../../lib/api';
import { savedSequencesKey } from '../../../lib/sequence/list-saved-sequences';

export function deleteSavedSequence(id: string, options: ApiOptions = {}): Promise<Response> {
  return apiRequest('DELETE', `${savedSequencesKey}/${encodeURIComponent(id)}`, undefined, options);
}

/** Removes the card at once on success, then confirms against the server. */
export function useDeleteSavedSequence() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${savedSequencesKey}#delete`, async (_key: string, { arg: id }: { arg: string }) => {
    await deleteSavedSequence(id);
    await mutate(
      savedSequencesKey,
      (list: SavedSequence[] | undefined) => list?.filter((sequence) => sequence.id !== id),
      { revalidate: true },
    );
  });
}
