import { SavedSequence, UpdateSavedSequenceRequest } from '@seqgen/proto';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';
import { savedSequencesKey } from '../../../lib/sequence/list-saved-sequences';

export const savedSequencePath = (id: string) => `${savedSequencesKey}/${encodeURIComponent(id)}`;

/** PUT /api/saved-sequences/{id}: replaces title, URL, sequence (with its cadence) and customization. */
export function updateSavedSequence(
  id: string,
  input: UpdateSavedSequenceRequest,
  options: ApiOptions = {},
): Promise<SavedSequence> {
  return apiSend('PUT', savedSequencePath(id), UpdateSavedSequenceRequest.parse(input), {
    ...options,
    schema: SavedSequence,
  });
}

/** Saves the owner's changes and puts the answer into the cached list at once. */
export function useUpdateSavedSequence(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `${savedSequencePath(id)}#update`,
    async (_key: string, { arg }: { arg: UpdateSavedSequenceRequest }) => {
      const saved = await updateSavedSequence(id, arg);
      await mutate(
        savedSequencesKey,
        (list: SavedSequence[] | undefined) => list?.map((item) => (item.id === saved.id ? saved : item)),
        { revalidate: false },
      );
      return saved;
    },
  );
}
