import type { Customization } from '@seqgen/proto';
import { AUDIENCE_COPY, audienceOf } from '../../lib/sequence/audience';

/** Who a sequence is for, as labelled chips: prospect (when targeted), persona, industry. */
export function AudienceChips({ customization }: { customization: Partial<Customization> | null | undefined }) {
  const { prospect, persona, seniority, industry } = audienceOf(customization);
  const items = [
    ...(prospect ? [{ label: AUDIENCE_COPY.prospect, value: prospect }] : []),
    {
      label: AUDIENCE_COPY.persona,
      value: persona ? (seniority ? `${persona} (${seniority.toLowerCase()})` : persona) : AUDIENCE_COPY.anyPersona,
    },
    { label: AUDIENCE_COPY.industry, value: industry ?? AUDIENCE_COPY.anyIndustry },
  ];
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Written for" data-testid="audience">
      {items.map((item) => (
        <li
          key={item.label}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted/50 px-2.5 py-0.5 text-xs"
        >
          <span className="text-muted-foreground">{item.label}:</span>
          <span className="truncate font-medium" data-testid={`audience-${item.label.toLowerCase()}`}>
            {item.value}
          </span>
        </li>
      ))}
    </ul>
  );
}
