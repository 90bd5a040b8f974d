// @vitest-environment happy-dom
import type { CheckProspectResponse, ProspectSeller } from '@seqgen/proto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROSPECT_FIT_COPY } from '../wizard';
import { CustomizationWizard } from './CustomizationWizard';

/**
 * The prospect step with the seller's classification (docs/product.md §2 Prospect Company URL):
 * the check is sent with the seller, and the answer's fit is said under the field — a warning that
 * holds the wizard at the step when the prospect may be outside the audience (Continue goes on
 * all the same), a quiet line when it fits.
 */
const SELLER: ProspectSeller = {
  companyName: 'Northwind Ledger',
  function: 'accounts-payable',
  industries: ['financial-services', 'software'],
};
const NO_FIT =
  "Dockhand works in logistics, and Northwind Ledger's page speaks to financial services, software and manufacturing. Check that it is the right account before you send.";
const FITS = 'CareLoop Health is in healthcare, which Northwind Ledger serves.';

let requests: { url: string; body: unknown }[] = [];
function answerWith(response: CheckProspectResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(response), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  requests = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const title = () => screen.getByTestId('wizard-title').textContent;

async function checkProspect(seller: ProspectSeller | undefined, url = 'https://prospect.test/') {
  render(
    <CustomizationWizard
      companyLabel="Northwind Ledger"
      seller={seller}
      generating={false}
      onGenerate={() => {}}
      onDashboard={() => {}}
    />,
  );
  fireEvent.click(screen.getByTestId('wizard-option-yes'));
  expect(title()).toBe('Prospect Company URL');
  fireEvent.change(screen.getByTestId('wizard-prospect-url'), { target: { value: url } });
  fireEvent.click(screen.getByTestId('wizard-continue'));
  await waitFor(() => expect(requests).toHaveLength(1));
}

describe('CustomizationWizard: does the prospect fit the seller’s audience?', () => {
  it('sends the seller with the check; a prospect outside the audience is a warning at the step, and Continue goes on with it', async () => {
    answerWith({
      url: 'https://dockhand.test/',
      companyName: 'Dockhand',
      industries: [{ id: 'logistics', label: 'logistics' }],
      fit: { fits: false, reason: NO_FIT },
    });
    await checkProspect(SELLER);
    expect(requests[0]).toEqual({
      url: '/api/analyze-company/prospect',
      body: { prospectCompanyUrl: 'https://prospect.test/', seller: SELLER },
    });
    const warning = await screen.findByTestId('wizard-prospect-fit');
    expect(warning.dataset.fits).toBe('false');
    expect(warning.textContent).toContain(PROSPECT_FIT_COPY.warningTitle);
    expect(warning.textContent).toContain(NO_FIT);
    // Said with the field, for screen readers too.
    const field = screen.getByTestId('wizard-prospect-url');
    const describedBy = field.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(NO_FIT);
    expect(title()).toBe('Prospect Company URL');
    expect(screen.getByTestId('wizard-prospect-found').textContent).toBe('Found: Dockhand');
    const go = screen.getByTestId('wizard-continue');
    expect(go.textContent).toBe(PROSPECT_FIT_COPY.continueAnyway);
    fireEvent.click(go);
    await waitFor(() => expect(title()).toBe('Persona Targeting'));
    // Not checked again, and the prospect stays the one written to.
    expect(requests).toHaveLength(1);
    expect(screen.getByTestId('customization-wizard').textContent).toContain('→ Dockhand');
  });

  it('offers to go on without the prospect from the warning', async () => {
    answerWith({ url: 'https://dockhand.test/', companyName: 'Dockhand', fit: { fits: false, reason: NO_FIT } });
    await checkProspect(SELLER);
    fireEvent.click(await screen.findByTestId('wizard-fit-skip'));
    expect(title()).toBe('Persona Targeting');
    expect(screen.getByTestId('customization-wizard').textContent).not.toContain('Dockhand');
  });

  it('moves on when the prospect fits, and says why quietly under the field', async () => {
    answerWith({
      url: 'https://careloop.test/',
      companyName: 'CareLoop Health',
      industries: [{ id: 'healthcare', label: 'healthcare' }],
      fit: { fits: true, reason: FITS },
    });
    await checkProspect(SELLER);
    await waitFor(() => expect(title()).toBe('Persona Targeting'));
    fireEvent.click(screen.getByTestId('wizard-back'));
    const note = screen.getByTestId('wizard-prospect-fit');
    expect(note.dataset.fits).toBe('true');
    expect(note.textContent).toBe(FITS);
    expect(note.getAttribute('role')).toBeNull();
    expect(screen.getByTestId('wizard-continue').textContent).toBe('Continue');
  });

  it('sends no seller when there is no classification, and shows no fit when none is answered', async () => {
    answerWith({ url: 'https://careloop.test/', companyName: 'CareLoop Health' });
    await checkProspect(undefined);
    expect(requests[0]?.body).toEqual({ prospectCompanyUrl: 'https://prospect.test/' });
    await waitFor(() => expect(title()).toBe('Persona Targeting'));
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect(screen.getByTestId('wizard-prospect-found').textContent).toBe('Found: CareLoop Health');
    expect(screen.queryByTestId('wizard-prospect-fit')).toBeNull();
  });
});
