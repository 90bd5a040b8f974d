import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Icon } from '../../components/ui/Icon';
import { Spinner } from '../../components/ui/Spinner';
import { SavedSequenceCard } from '../../features/library/components/SavedSequenceCard';
import { useSavedSequences } from '../../lib/sequence/list-saved-sequences';
import { SignedInLayout } from '../layout/SignedInLayout';

/** docs/product.md §2 /saved-sequences: the user's saved sequences, newest first, or an empty state. */
export function SavedSequencesPage() {
  const { data, error, isLoading, mutate } = useSavedSequences();
  return (
    <SignedInLayout>
      <div className="mx-auto grid w-full max-w-4xl gap-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Saved sequences</h1>
            <p className="text-muted-foreground">
              {data && data.length > 0
                ? `${data.length} saved ${data.length === 1 ? 'sequence' : 'sequences'}, ready to copy or export.`
                : 'Sequences you save from the dashboard appear here.'}
            </p>
          </div>
          {data && data.length > 0 ? (
            <Button asChild variant="outline">
              <Link to="/">
                <Icon name="plus" />
                New sequence
              </Link>
            </Button>
          ) : null}
        </div>
        {isLoading ? (
          <div className="flex justify-center py-16">
            <Spinner className="h-7 w-7 text-highlight" label="Loading saved sequences" />
          </div>
        ) : error ? (
          <Card className="grid justify-items-center gap-3 px-6 py-12 text-center" role="alert">
            <p className="font-medium">Saved sequences could not be loaded.</p>
            <Button variant="outline" onClick={() => void mutate()}>
              Try again
            </Button>
          </Card>
        ) : data && data.length > 0 ? (
          <ul className="grid gap-5" data-testid="saved-list">
            {data.map((sequence) => (
              <li key={sequence.id}>
                <SavedSequenceCard sequence={sequence} />
              </li>
            ))}
          </ul>
        ) : (
          <Card
            className="flex flex-col items-center gap-4 border-dashed px-6 py-16 text-center shadow-none"
            data-testid="saved-empty"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
              <Icon name="bookmark" className="h-6 w-6" />
            </span>
            <div className="grid gap-1">
              <h2 className="text-lg font-semibold">No saved sequences yet</h2>
              <p className="max-w-sm text-sm text-muted-foreground">
                Generate a sequence, then press Save Sequence to keep it here for later.
              </p>
            </div>
            <Button asChild>
              <Link to="/" data-testid="generate-new">
                <Icon name="sparkles" />
                Generate New Sequence
              </Link>
            </Button>
          </Card>
        )}
      </div>
    </SignedInLayout>
  );
}
