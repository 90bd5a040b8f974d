import { useEffect, useState } from 'react';

export const GENERATING_TEXT = 'Cooking up your personalized sequence... This usually takes 10-20 seconds...';

/** Eases towards 95 % over about 20 s (the hint of docs/product.md §9) and never claims to be done before it is. */
function useCreepingProgress(): number {
  const [progress, setProgress] = useState(4);
  useEffect(() => {
    const timer = setInterval(() => setProgress((value) => value + (95 - value) * 0.03), 200);
    return () => clearInterval(timer);
  }, []);
  return Math.round(progress);
}

export function GeneratingProgress() {
  const progress = useCreepingProgress();
  return (
    <div className="grid gap-3" role="status" data-testid="generating-progress">
      <p className="flex items-center gap-2 text-sm font-medium">
        <span className="relative flex h-2.5 w-2.5">
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-primary/60" />
          <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-primary" />
        </span>
        {GENERATING_TEXT}
      </p>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Generating"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-primary/70 via-primary to-primary/70 transition-[width] duration-200 ease-linear"
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}
