import type { RegenerateModifier } from '@seqgen/proto';
import { REGENERATE_OPTIONS, STUDIO_COPY } from '../../lib/sequence/studio-copy';
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

/** "Regenerate ▾": write this email again, as it is or shorter, longer, more casual, … */
export function RegenerateMenu({
  number,
  disabled,
  blocker,
  onRegenerate,
}: {
  number: number;
  disabled: boolean;
  /** Why regenerating is not possible here; shown as the button's description. */
  blocker?: string | undefined;
  onRegenerate: (modifier: RegenerateModifier | undefined) => void;
}) {
  const [first, ...modifiers] = REGENERATE_OPTIONS;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled || Boolean(blocker)}>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-xs"
          aria-label={STUDIO_COPY.regenerateMenu(number)}
          title={blocker}
          data-testid="regenerate-email"
        >
          <Icon name="refresh" className="h-3.5 w-3.5" />
          <span className="hidden sm:inline">{STUDIO_COPY.regenerate}</span>
          <Icon name="chevronDown" className="h-3.5 w-3.5 opacity-70" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-52">
        <DropdownMenuLabel className="text-xs text-muted-foreground">
          {STUDIO_COPY.regenerateMenu(number)}
        </DropdownMenuLabel>
        {first ? (
          <DropdownMenuItem onSelect={() => onRegenerate(first.modifier)} data-testid="regenerate-option-again">
            <Icon name="refresh" />
            {first.label}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        {modifiers.map((option) => (
          <DropdownMenuItem
            key={option.label}
            onSelect={() => onRegenerate(option.modifier)}
            data-testid={`regenerate-option-${option.modifier}`}
          >
            {option.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
