import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Icon } from '../../../components/ui/Icon';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';

export const URL_REQUIRED = 'Please enter a company URL';

/**
 * docs/product.md §2 tab 'URL Analysis'. Analyze is disabled while the URL is empty or a request runs (docs/product.md §5):
 * while empty it is only aria-disabled, so a click or Enter still submits and the form can say
 * 'Please enter a company URL' (a natively disabled button swallows both, issue 13 item 5).
 */
export function UrlAnalysisForm({
  analyzing,
  onAnalyze,
}: {
  analyzing: boolean;
  onAnalyze: (input: { companyUrl: string; caseStudies: string }) => void;
}) {
  const [companyUrl, setCompanyUrl] = useState('');
  const [caseStudies, setCaseStudies] = useState('');
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (analyzing) return;
    if (companyUrl.trim() === '') {
      setError(URL_REQUIRED);
      return;
    }
    setError(undefined);
    onAnalyze({ companyUrl: companyUrl.trim(), caseStudies: caseStudies.trim() });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="url-form">
      <Field label="Your Company URL" error={error} hint="The website of the company you sell for.">
        <Input
          name="companyUrl"
          inputMode="url"
          autoComplete="url"
          placeholder="https://yourcompany.com"
          value={companyUrl}
          onChange={(event) => {
            setCompanyUrl(event.target.value);
            if (error) setError(undefined);
          }}
          disabled={analyzing}
          data-testid="company-url"
        />
      </Field>
      <Field
        label="Your Case Studies (Optional)"
        hint="A customers or case-studies page makes the proof emails concrete."
      >
        <Input
          name="caseStudies"
          inputMode="url"
          placeholder="https://yourcompany.com/customers"
          value={caseStudies}
          onChange={(event) => setCaseStudies(event.target.value)}
          disabled={analyzing}
          data-testid="case-studies-url"
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="ghost"
          disabled={analyzing || (companyUrl === '' && caseStudies === '')}
          onClick={() => {
            setCompanyUrl('');
            setCaseStudies('');
            setError(undefined);
          }}
          data-testid="clear-url-form"
        >
          Clear
        </Button>
        <Button
          type="submit"
          size="lg"
          disabled={analyzing}
          aria-disabled={companyUrl.trim() === '' || undefined}
          data-testid="analyze-company"
        >
          {analyzing ? (
            <>
              <Spinner className="h-4 w-4" label="Analyzing" />
              Analyzing...
            </>
          ) : (
            <>
              <Icon name="sparkles" />
              Analyze Company
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
