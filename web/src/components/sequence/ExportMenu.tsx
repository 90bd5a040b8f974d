import { EXPORT_FORMATS, type ExportFormatId, type ExportInput } from '../../lib/exports';
import { STUDIO_COPY } from '../../lib/sequence/studio-copy';
import { Button } from '../ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/DropdownMenu';
import { Icon } from '../ui/Icon';
import { exportWithToast } from './export';

/** The two exports of docs/product.md §9, listed first. */
const SPEC_FORMATS: ReadonlySet<ExportFormatId> = new Set(['csv', 'txt']);

/**
 * Every export the app has (the CSV and text of docs/product.md §9, then each sequencer), each with its short
 * note on how to import it. `input` is undefined while the sequence cannot be exported (its send
 * days are wrong); `blocker` then says why.
 */
export function ExportMenu({
  input,
  blocker,
  className,
  testId = 'export-menu',
}: {
  input: ExportInput | undefined;
  blocker?: string | undefined;
  className?: string;
  testId?: string;
}) {
  const item = (format: (typeof EXPORT_FORMATS)[number]) => (
    <DropdownMenuItem
      key={format.id}
      disabled={!input}
      onSelect={() => input && exportWithToast(format.id, input)}
      className="grid items-start gap-0.5 py-2"
      data-testid={`export-format-${format.id}`}
    >
      <span className="flex items-center gap-2 font-medium">
        {format.label}
        <span className="rounded bg-muted px-1.5 py-px font-mono text-[10px] text-muted-foreground uppercase">
          .{format.extension}
        </span>
      </span>
      <span className="text-xs leading-snug font-normal text-muted-foreground" data-testid="export-how-to">
        {format.howToImport}
      </span>
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className={className} title={blocker} data-testid={testId}>
          <Icon name="download" />
          {STUDIO_COPY.exportMenu}
          <Icon name="chevronDown" className="h-3.5 w-3.5 opacity-70" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        side="top"
        collisionPadding={12}
        className="max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto"
      >
        <DropdownMenuLabel className="text-xs font-semibold text-muted-foreground">
          {STUDIO_COPY.exportMenuTitle}
        </DropdownMenuLabel>
        {blocker ? (
          <p className="px-2.5 pb-2 text-xs font-medium text-destructive" role="alert">
            {blocker}
          </p>
        ) : null}
        {EXPORT_FORMATS.filter((format) => SPEC_FORMATS.has(format.id)).map(item)}
        <DropdownMenuSeparator />
        {EXPORT_FORMATS.filter((format) => !SPEC_FORMATS.has(format.id)).map(item)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
