/**
 * Which capability names the writer says as the product's own ("We call it Dock Audit"), and which
 * it leaves out because they describe rather than name (src/writing/compose/brief.ts).
 */
import { describe, expect, it } from 'vitest';
import { soundsLikeProductName } from '../../src/writing/compose/brief.ts';

describe('soundsLikeProductName', () => {
  it.each([
    'Dock Audit',
    'Smart Capture',
    'SmartMatch',
    'Pay Run Pro',
    'Ledgerly Sync™',
    'Route 66',
    'Cost of Delay Radar',
  ])('"%s" is a name', (name) => expect(soundsLikeProductName(name)).toBe(true));
  it.each([
    'Real-time location visibility',
    'Security',
    'Approval workflows',
    'Reads every invoice',
    'Integrations',
    '',
  ])('"%s" describes', (name) => expect(soundsLikeProductName(name)).toBe(false));
});
