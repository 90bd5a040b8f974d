import { Customization, type SavedSequence } from '@seqgen/proto';
import type { RegenerateBase } from '../../components/sequence/use-regenerate';

/**
 * What regenerating an email of a saved sequence sends: its company URL and its customization,
 * completed with the wizard's defaults where the stored one is partial. Undefined when the stored
 * customization cannot make a valid one.
 */
export function savedRegenerateBase(
  saved: Pick<SavedSequence, 'companyUrl' | 'customization'>,
): RegenerateBase | undefined {
  const customization = Customization.safeParse({
    persona: 'generic',
    industry: 'agnostic',
    targetSpecificCompany: 'no',
    ...(saved.customization ?? {}),
  });
  return customization.success ? { companyUrl: saved.companyUrl, customization: customization.data } : undefined;
}

/** Why Save changes is not possible yet, or undefined. */
export function saveChangesBlocker({ title, cadenceMessage }: { title: string; cadenceMessage: string | undefined }) {
  if (title.trim() === '') return 'Give the sequence a title.';
  return cadenceMessage;
}
