import { SavedSequence, SaveSequenceRequest } from '@seqgen/proto';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { AnalyticsEvent, track } from '../../../lib/analytics';
import { type ApiOptions, apiSend } from '../../../lib/api';
import { savedSequencePath } from '../../../lib/sequence/list-saved-sequences';

export const saveSequenceKey = '/api/save-sequence';

export function saveSequence(input: SaveSequenceRequest, options: ApiOptions = {}): Promise<SavedSequence> {
  return apiSend('POST', saveSequenceKey, SaveSequenceRequest.parse(input), { ...options, schema: SavedSequence });
}

/** The saved sequence is cached whole; the library's pages refetch when /saved-sequences next mounts them. */
export function useSaveSequence() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(saveSequenceKey, async (_key: string, { arg }: { arg: SaveSequenceRequest }) => {
    const saved = await saveSequence(arg);
    track(AnalyticsEvent.sequenceSaved);
    void mutate(savedSequencePath(saved.id), saved, { revalidate: false });
    return saved;
  });
}
