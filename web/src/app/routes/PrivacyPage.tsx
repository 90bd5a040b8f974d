import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../../features/legal/components/LegalPage';
import { LEGAL } from '../../features/legal/legal';

const { company, contactEmail, privacy } = LEGAL;

const sections: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account details</strong>: your email address, optional first and last name, and a securely hashed
            password, or the profile your identity provider shares when you sign in with Google.
          </li>
          <li>
            <strong>What you give us to generate sequences</strong>: company and case-study URLs, the details you enter,
            and the sequences, ratings and feedback you save.
          </li>
          <li>
            <strong>Usage and technical data</strong>: how many sequences you generate, plus logs such as IP address,
            browser type and pages visited, used to keep the service secure and reliable.
          </li>
          <li>
            <strong>Payment details</strong>: handled by our payment provider. We never see or store full card numbers.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    body: (
      <ul>
        <li>To provide, secure and improve the service, including analysing websites you submit.</li>
        <li>To manage your account, subscription and usage limits.</li>
        <li>To send service messages such as password resets and billing notices.</li>
        <li>To understand, in aggregate, which features help people most.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    body: (
      <p>
        We do not sell your personal information. We share it only with service providers who process it on our behalf
        (hosting, payment processing, email delivery and AI model providers), under contracts that limit their use of
        it, or when the law requires us to.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We use a strictly necessary cookie to keep you signed in, and your browser's local storage to remember your
        light or dark theme. We do not use advertising cookies.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data retention and security',
    body: (
      <p>
        We keep account data while your account is open and delete or anonymise it within a reasonable time after you
        close it, unless we must keep it longer by law. Data is encrypted in transit, passwords are hashed, and access
        is limited to people who need it.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your personal
        information, and to object to certain processing. To exercise any of these rights, email us at{' '}
        <a href={`mailto:${contactEmail}`} className="font-medium text-highlight hover:underline">
          {contactEmail}
        </a>
        .
      </p>
    ),
  },
  {
    id: 'children',
    title: "Children's privacy",
    body: (
      <p>
        The service is not directed to children under {privacy.minimumAge}, and we do not knowingly collect personal
        information from anyone under {privacy.minimumAge} years of age. If you believe a child has given us personal
        information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy from time to time. We will post the new version here with a new effective date and,
        for material changes, let you know by email or in the app.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about this policy? Write to {company} at{' '}
        <a href={`mailto:${contactEmail}`} className="font-medium text-highlight hover:underline">
          {contactEmail}
        </a>{' '}
        or use our{' '}
        <Link to="/contact" className="font-medium text-highlight hover:underline">
          contact form
        </Link>
        .
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      effective={privacy.effective}
      intro={
        <p>
          This policy explains how {company} ("seqgen", "we", "us") collects, uses and protects personal information
          when you use our website and sequence generator.
        </p>
      }
      sections={sections}
    />
  );
}
