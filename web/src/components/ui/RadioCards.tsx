import { RadioGroup } from 'radix-ui';
import { useRef } from 'react';
import { cn } from '../../lib/cn';
import { Icon, type IconName } from './Icon';

export interface RadioCardOption<V extends string> {
  value: V;
  label: string;
  description: string;
  icon: IconName;
}

const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * Card-sized radio buttons on Radix RadioGroup: the group is one tab stop, and the arrow keys move
 * between the cards and select them. `onValueChange` hears every selection; `onPick` hears only
 * the deliberate ones: a click, Space or Enter on a card, the selected one included. A wizard
 * moves on when a card is picked, never while the user is still looking with the arrow keys.
 */
export function RadioCards<V extends string>({
  label,
  options,
  value,
  onValueChange,
  onPick,
  testIdPrefix,
}: {
  /** The group's accessible name (the question the cards answer). */
  label: string;
  options: readonly RadioCardOption<V>[];
  /** The selected card's value; undefined while none is. */
  value: V | undefined;
  onValueChange: (value: V) => void;
  onPick: (value: V) => void;
  /** Each card gets data-testid `${testIdPrefix}-${value}`. */
  testIdPrefix?: string;
}) {
  // Set by an arrow key until the card it moves to has taken focus. Radix selects that card by
  // clicking it, but only while the key is still down (a quick tap can be released first), so the
  // card selects itself here too; and that click, made during the focus, is not a pick.
  const arrowMove = useRef(false);
  const optionOf = (chosen: string) => options.find((option) => option.value === chosen);

  return (
    <RadioGroup.Root
      aria-label={label}
      // '' keeps the group controlled while nothing is selected (undefined would let Radix keep its own).
      value={value ?? ''}
      onValueChange={(chosen) => {
        const option = optionOf(chosen);
        if (option) onValueChange(option.value);
      }}
      onKeyDown={(event) => {
        // Radix moves on an arrow key without a modifier (see @radix-ui/react-roving-focus).
        const modified = event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
        if (ARROW_KEYS.has(event.key) && !modified) arrowMove.current = true;
      }}
      className="grid gap-3 sm:grid-cols-2"
    >
      {options.map((option) => {
        const active = option.value === value;
        return (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            onFocus={() => {
              if (!arrowMove.current) return;
              onValueChange(option.value);
              // Cleared once this focus event is handled, Radix's click in it included.
              queueMicrotask(() => {
                arrowMove.current = false;
              });
            }}
            onClick={() => {
              if (!arrowMove.current) onPick(option.value);
            }}
            onKeyDown={(event) => {
              // Radix leaves Enter to the form (WAI-ARIA radios do not act on it); a card picks.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              onPick(option.value);
            }}
            data-testid={testIdPrefix ? `${testIdPrefix}-${option.value}` : undefined}
            className={cn(
              'group flex cursor-pointer items-start gap-3 rounded-xl border p-4 text-left transition-all',
              'hover:border-primary/60 hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active ? 'border-primary bg-accent/60 ring-1 ring-primary' : 'border-border bg-card',
            )}
          >
            <span
              className={cn(
                'flex h-9 w-9 shrink-0 items-center justify-center rounded-lg transition-colors',
                active
                  ? 'bg-primary text-primary-foreground'
                  : 'bg-muted text-muted-foreground group-hover:text-foreground',
              )}
            >
              <Icon name={option.icon} />
            </span>
            <span className="grid gap-0.5">
              <span className="font-medium">{option.label}</span>
              <span className="text-sm text-muted-foreground">{option.description}</span>
            </span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
