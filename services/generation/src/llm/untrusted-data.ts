import { randomBytes } from 'node:crypto';

/**
 * Scraped pages and what users type reach a model as data, never as instructions: between
 * markers that carry a nonce no page can predict, and unable to imitate the markers themselves.
 */
export function dataMarkers(label: string): { open: string; close: string } {
  const nonce = randomBytes(6).toString('hex');
  return { open: `<<<${label} ${nonce}>>>`, close: `<<<END_${label} ${nonce}>>>` };
}

/** Keeps text from imitating the data markers. */
export const neutralise = (value: string) => value.replace(/<<<|>>>/g, '··');
