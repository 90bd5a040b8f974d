import { Slider } from 'radix-ui';
import { TONE_MAX, TONE_MIN, TONE_STEP, toneLabel } from '../wizard';

/** docs/product.md §5: 0–100, step 1, with the label following the value live. */
export function ToneSlider({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <div className="grid gap-5">
      <div className="flex items-baseline justify-between gap-4" aria-live="polite">
        <span className="text-2xl font-semibold tracking-tight text-highlight" data-testid="tone-label">
          {toneLabel(value)}
        </span>
        <span className="text-sm tabular-nums text-muted-foreground" data-testid="tone-value">
          {value} / {TONE_MAX}
        </span>
      </div>
      <Slider.Root
        className="relative flex h-6 w-full touch-none select-none items-center"
        min={TONE_MIN}
        max={TONE_MAX}
        step={TONE_STEP}
        value={[value]}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(next);
        }}
        data-testid="tone-slider"
      >
        <Slider.Track className="relative h-2 grow overflow-hidden rounded-full bg-muted">
          <Slider.Range className="absolute h-full rounded-full bg-gradient-to-r from-sky-400 to-primary" />
        </Slider.Track>
        <Slider.Thumb
          aria-label="Tone"
          aria-valuetext={`${value}, ${toneLabel(value)}`}
          className="block h-5 w-5 cursor-grab rounded-full border-2 border-primary bg-background shadow-md transition-shadow focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/40 active:cursor-grabbing"
          data-testid="tone-thumb"
        />
      </Slider.Root>
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>Very Casual</span>
        <span>Balanced</span>
        <span>Very Professional</span>
      </div>
    </div>
  );
}
