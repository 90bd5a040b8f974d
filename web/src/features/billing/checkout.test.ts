import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  cardDetailsValid,
  displayPlanName,
  formatCardNumber,
  formatExpiry,
  periodFromQuery,
  planFromQuery,
  serverMessage,
  statusLabel,
  successPath,
} from './checkout';

describe('checkout helpers', () => {
  it('accepts the pricing page and the API ids of the top tier, and nothing unknown', () => {
    expect(planFromQuery('sales-org')).toMatchObject({ id: 'organization', name: 'Sales Org' });
    expect(planFromQuery('organization')).toMatchObject({ id: 'organization' });
    expect(planFromQuery('leader')).toMatchObject({ name: 'Sales Leader', monthlyPrice: 25 });
    expect(planFromQuery('enterprise')).toBe('invalid');
    expect(planFromQuery('LEADER')).toBe('invalid');
    expect(planFromQuery(null)).toBeNull();
    expect(periodFromQuery('annual')).toBe('annual');
    expect(periodFromQuery('weekly')).toBe('monthly');
  });

  it('builds the success address and strips the product prefix', () => {
    const leader = planFromQuery('leader');
    if (!leader || leader === 'invalid') throw new Error('leader missing');
    expect(successPath(leader, 'annual')).toBe('/subscription-success?plan=leader&billing=annual');
    expect(displayPlanName('seqgen Sales Leader')).toBe('Sales Leader');
    expect(displayPlanName('Sales Org')).toBe('Sales Org');
    expect(statusLabel('past_due')).toBe('Past due');
  });

  it('reads the server message without the status prefix', () => {
    const declined = new ApiError(
      402,
      '{"error":"card_declined","message":"Your card was declined."}',
      '402: Your card was declined.',
    );
    expect(serverMessage(declined)).toBe('Your card was declined.');
    expect(serverMessage(new Error('No client secret received'))).toBe('No client secret received');
    expect(serverMessage('nope')).toBeUndefined();
  });

  it('formats and checks card details', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12 / 34');
    const today = new Date(2026, 10, 22);
    expect(cardDetailsValid({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, today)).toBe(true);
    expect(cardDetailsValid({ number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '123' }, today)).toBe(true);
    expect(cardDetailsValid({ number: '4242 4242 4242 4242', expiry: '10 / 26', cvc: '123' }, today)).toBe(false);
    expect(cardDetailsValid({ number: '4242', expiry: '12 / 30', cvc: '123' }, today)).toBe(false);
    expect(cardDetailsValid({ number: '4242 4242 4242 4242', expiry: '13 / 30', cvc: '123' }, today)).toBe(false);
    expect(cardDetailsValid({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '12' }, today)).toBe(false);
  });
});
