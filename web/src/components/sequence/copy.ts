import { toast } from '../ui/toast-store';

/** Copies text and confirms with the toast of docs/product.md §8; a refused clipboard says so. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({
      title: 'Copied to clipboard',
      description: 'Email content has been copied to your clipboard.',
      variant: 'success',
    });
    return true;
  } catch {
    toast({ title: 'Copy failed', description: 'Your browser blocked clipboard access.', variant: 'destructive' });
    return false;
  }
}

export const emailAsText = (email: { subject: string; body: string }) => `Subject: ${email.subject}\n\n${email.body}`;

/** Copy All: every email as "Subject: …" and its body, separated as in the text export. */
export const sequenceAsText = (emails: readonly { subject: string; body: string }[]) =>
  emails.map(emailAsText).join('\n\n---\n\n');
