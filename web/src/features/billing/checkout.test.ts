import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  cardDetailsValid,
  displayPlanName,
  formatCardNumber,
  formatExpiry,
  formatLongDate,
  nextBillingDate,
  periodFromQuery,
  planFromQuery,
  planOfSubscription,
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

  it('dates the next billing 30 days out for monthly plans and at the paid year’s end for annual ones', () => {
    const today = new Date(2026, 10, 22, 12);
    const yearEnd = Date.UTC(2027, 10, 22, 12) / 1000;
    const subscription = (interval: 'month' | 'year', name = 'seqgen Sales Org') => ({
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: yearEnd,
      plan: { name, amount: interval === 'year' ? 50_000 : 5_000, interval },
    });
    expect(formatLongDate(nextBillingDate(subscription('month'), today))).toBe('December 22, 2026');
    expect(nextBillingDate(subscription('year'), today).getTime()).toBe(yearEnd * 1000);
    expect(planOfSubscription(subscription('year'))).toMatchObject({ id: 'organization', sequencesPerMonth: 500 });
    expect(planOfSubscription(subscription('month', 'seqgen Something Else'))).toBeNull();
  });
});
