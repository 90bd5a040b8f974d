import { SavedSequence, UpdateSavedSequenceRequest } from '@seqgen/proto';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiSend } from '../../../lib/api';
import { savedSequencePath } from '../../../lib/sequence/list-saved-sequences';

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

/** Saves the owner's changes and puts the answer in place of the cached sequence at once. */
export function useUpdateSavedSequence(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `${savedSequencePath(id)}#update`,
    async (_key: string, { arg }: { arg: UpdateSavedSequenceRequest }) => {
      const saved = await updateSavedSequence(id, arg);
      // The list's pages revalidate when the list is shown again (useSavedSequencePages).
      await mutate(savedSequencePath(id), saved, { revalidate: false });
      return saved;
    },
  );
}
