import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { type ApiOptions, apiRequest } from '../../../lib/api';
import { savedSequencePath, savedSequencesKey } from '../../../lib/sequence/list-saved-sequences';

export function deleteSavedSequence(id: string, options: ApiOptions = {}): Promise<Response> {
  return apiRequest('DELETE', savedSequencePath(id), undefined, options);
}

/** Deletes, forgets the whole sequence, then `onDeleted` (the list revalidates its pages). */
export function useDeleteSavedSequence(onDeleted?: () => unknown) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${savedSequencesKey}#delete`, async (_key: string, { arg: id }: { arg: string }) => {
    await deleteSavedSequence(id);
    await mutate(savedSequencePath(id), undefined, { revalidate: false });
    await onDeleted?.();
  });
}
