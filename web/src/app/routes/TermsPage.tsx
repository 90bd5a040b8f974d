import { FREE_TRIAL_SEQUENCES } from '@seqgen/proto';
import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../../features/legal/components/LegalPage';
import { LEGAL } from '../../features/legal/legal';

const { company, contactEmail, governingState, terms } = LEGAL;

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        By creating an account or using seqgen you agree to these Terms of Service and to our{' '}
        <Link to="/privacy" className="font-medium text-highlight hover:underline">
          Privacy Policy
        </Link>
        . If you use seqgen for an organisation, you accept these terms on its behalf.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>You must be at least {terms.minimumAge} years old and able to form a binding contract to use the service.</p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <p>
        Keep your login details confidential; you are responsible for activity under your account. Tell us promptly if
        you suspect unauthorised use.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Free trial, plans and billing',
    body: (
      <ul>
        <li>{`New accounts include a free trial of ${FREE_TRIAL_SEQUENCES} sequences.`}</li>
        <li>
          Paid plans renew automatically each month or year until cancelled, and include the number of sequences per
          billing period shown on the{' '}
          <Link to="/pricing" className="font-medium text-highlight hover:underline">
            pricing page
          </Link>
          .
        </li>
        <li>
          You can cancel anytime; access continues until the end of the paid period. Fees are not refundable except
          where the law requires.
        </li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>send unlawful, deceptive or unsolicited messages in breach of anti-spam laws;</li>
          <li>submit content or websites you have no right to use;</li>
          <li>probe, overload or attempt to bypass the service's security or usage limits;</li>
          <li>resell or provide the service to others without our written consent.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content and generated sequences',
    body: (
      <p>
        You keep the rights to what you submit. Subject to these terms, you may use the sequences you generate for your
        own business. AI output can be inaccurate: review every email before you send it, as you are responsible for
        what you send.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        The service is provided "as is" without warranties of any kind. To the fullest extent permitted by law,{' '}
        {company} is not liable for indirect, incidental or consequential damages, and its total liability is limited to
        the amount you paid in the twelve months before the claim.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using seqgen at any time. We may suspend or close accounts that breach these terms, with notice
        where reasonable.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of {governingState}, without regard to its conflict-of-law
        rules. Courts located in {governingState} have exclusive jurisdiction over any dispute.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Email{' '}
        <a href={`mailto:${contactEmail}`} className="font-medium text-highlight hover:underline">
          {contactEmail}
        </a>
        .
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      effective={terms.effective}
      intro={
        <p>
          These terms form an agreement between you and {company}, a {governingState} corporation ("seqgen", "we",
          "us"), and govern your use of seqgen.
        </p>
      }
      sections={sections}
    />
  );
}
