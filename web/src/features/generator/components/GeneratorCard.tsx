import type { SubmittedAnalysis } from '@seqgen/proto';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Icon } from '../../../components/ui/Icon';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import type { ManualCompany } from '../manual-entry';
import { ManualEntryForm } from './ManualEntryForm';
import { UrlAnalysisForm } from './UrlAnalysisForm';

/** docs/product.md §2 Generator: the two ways to describe the user's own company. */
export function GeneratorCard({
  analyzing,
  onAnalyze,
  onManualContinue,
}: {
  analyzing: boolean;
  onAnalyze: (input: { companyUrl: string; caseStudies: string }) => void;
  onManualContinue: (input: { company: ManualCompany; analysis: SubmittedAnalysis }) => void;
}) {
  return (
    <Card data-testid="generator-card">
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <Icon name="building" className="h-5 w-5 text-highlight" />
          Tell us about your company
        </CardTitle>
        <CardDescription>
          We read your website to learn what you sell, who buys it and why. Prefer to type it in? Use Manual Entry.
        </CardDescription>
      </CardHeader>
      <div className="px-6 pb-6">
        <Tabs defaultValue="url">
          <TabsList>
            <TabsTrigger value="url" data-testid="tab-url">
              <Icon name="link" className="mr-2" />
              URL Analysis
            </TabsTrigger>
            <TabsTrigger value="manual" data-testid="tab-manual" disabled={analyzing}>
              <Icon name="pencil" className="mr-2" />
              Manual Entry
            </TabsTrigger>
          </TabsList>
          <TabsContent value="url">
            <UrlAnalysisForm analyzing={analyzing} onAnalyze={onAnalyze} />
          </TabsContent>
          <TabsContent value="manual">
            <ManualEntryForm onContinue={onManualContinue} />
          </TabsContent>
        </Tabs>
      </div>
    </Card>
  );
}
