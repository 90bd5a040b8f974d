import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MergeFieldText } from '../../components/sequence/MergeFieldText';
import { previewEmail, previewValues, prospectNameOf, SAMPLE_COMPANY, segmentMergeFields } from './merge-fields';

describe('segmentMergeFields', () => {
  it('splits text into plain runs, merge fields (with fallback) and unknown fields, losing nothing', () => {
    const text =
      'Hi {{first_name|there}}, how is {{company}}? — {{firstName}} {{ first_name }} {{name}} {{sender_name}}';
    const segments = segmentMergeFields(text);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind === 'field')).toEqual([
      { kind: 'field', text: '{{first_name|there}}', field: 'first_name', fallback: 'there' },
      { kind: 'field', text: '{{company}}', field: 'company', fallback: undefined },
      { kind: 'field', text: '{{sender_name}}', field: 'sender_name', fallback: undefined },
    ]);
    expect(segments.filter((s) => s.kind === 'unknown')).toEqual([
      { kind: 'unknown', text: '{{firstName}}', meant: 'first_name' },
      { kind: 'unknown', text: '{{ first_name }}', meant: 'first_name' },
      { kind: 'unknown', text: '{{name}}', meant: 'first_name' },
    ]);
    expect(segmentMergeFields('No fields.')).toEqual([{ kind: 'text', text: 'No fields.' }]);
  });

  it('renders chips whose text is the token itself, unknown ones marked apart', () => {
    const html = renderToStaticMarkup(<MergeFieldText text="Hi {{first_name|there}}, see {{firstName}}." />);
    expect(html).toContain('data-testid="merge-chip" data-field="first_name">{{first_name|there}}</span>');
    expect(html).toContain('data-testid="merge-chip-unknown">{{firstName}}</span>');
    expect(html.replace(/<[^>]+>/g, '')).toBe('Hi {{first_name|there}}, see {{firstName}}.');
  });
});

describe('preview', () => {
  const email = {
    subject: 'Chargebacks at {{company|your company}}',
    body: 'Hi {{first_name|there}},\n\nA question for {{company}}.\n\nBest,\n{{sender_name}}',
  };

  it('reads as Jordan at a sample company, from the signed-in user', () => {
    const values = previewValues({
      customization: { targetSpecificCompany: 'no' },
      sender: { firstName: 'Gina Marie', email: 'gina@acme.com' },
    });
    expect(values).toEqual({ first_name: 'Jordan', company: SAMPLE_COMPANY, sender_name: 'Gina' });
    expect(previewEmail(email, values)).toEqual({
      subject: `Chargebacks at ${SAMPLE_COMPANY}`,
      body: `Hi Jordan,\n\nA question for ${SAMPLE_COMPANY}.\n\nBest,\nGina`,
    });
  });

  it('uses the prospect when the sequence targets one: its name from the checks, else from its address', () => {
    const targeted = {
      targetSpecificCompany: 'yes',
      prospectCompanyUrl: 'https://www.globex-foods.com/about',
    } as const;
    expect(previewValues({ customization: targeted, sender: null }).company).toBe('Globex Foods');
    expect(previewValues({ customization: targeted, checkContext: { prospect: 'Globex' }, sender: null }).company).toBe(
      'Globex',
    );
    // Without a first name the sender is read from the e-mail address.
    expect(
      previewValues({ customization: null, sender: { firstName: null, email: 'sam.lee@acme.com' } }).sender_name,
    ).toBe('Sam');
  });

  it('names a prospect from its address', () => {
    expect(prospectNameOf('globex.com')).toBe('Globex');
    expect(prospectNameOf('https://initech-systems.co.uk/')).toBe('Initech Systems');
    expect(prospectNameOf('')).toBeUndefined();
    expect(prospectNameOf('not a url at all')).toBeUndefined();
  });
});
