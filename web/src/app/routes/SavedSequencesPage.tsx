import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Icon } from '../../components/ui/Icon';
import { Input } from '../../components/ui/Input';
import { Spinner } from '../../components/ui/Spinner';
import { SavedSequenceCard } from '../../features/library/components/SavedSequenceCard';
import { useSavedSequencePages } from '../../lib/sequence/list-saved-sequences';
import { SignedInLayout } from '../layout/SignedInLayout';

/** Waits for a pause in typing before searching, so each keystroke is not a request. */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * docs/product.md §2 /saved-sequences: the user's saved sequences, newest first, a page at a time
 * with a search over titles and company URLs (issue 25, item 4), or an empty state.
 */
export function SavedSequencesPage() {
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim());
  const { data: pages, error, isLoading, isValidating, mutate, size, setSize } = useSavedSequencePages(search);
  const items = pages?.flatMap((page) => page.items) ?? [];
  const more = Boolean(pages?.at(-1)?.nextCursor);
  const loadingMore = isValidating && pages !== undefined && size > pages.length;
  // The library is empty only when nothing is saved at all, not when a search finds nothing.
  const empty = !search && !typed && pages !== undefined && items.length === 0;
  const data = empty ? [] : items;
  return (
    <SignedInLayout>
      <div className="mx-auto grid w-full max-w-4xl gap-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Saved sequences</h1>
            <p className="text-muted-foreground">
              {empty ? 'Sequences you save from the dashboard appear here.' : 'Newest first, ready to copy or export.'}
            </p>
          </div>
          {!empty && pages !== undefined ? (
            <Button asChild variant="outline">
              <Link to="/">
                <Icon name="plus" />
                New sequence
              </Link>
            </Button>
          ) : null}
        </div>
        {empty ? null : (
          <div className="relative">
            <Icon
              name="search"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder="Search by title or company URL"
              aria-label="Search saved sequences"
              maxLength={200}
              className="pl-9"
              data-testid="saved-search"
            />
          </div>
        )}
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
        ) : data.length > 0 ? (
          <>
            <ul className="grid gap-5" data-testid="saved-list">
              {data.map((sequence) => (
                <li key={sequence.id}>
                  <SavedSequenceCard sequence={sequence} onDeleted={() => mutate()} />
                </li>
              ))}
            </ul>
            {more ? (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  disabled={loadingMore}
                  onClick={() => void setSize(size + 1)}
                  data-testid="saved-more"
                >
                  {loadingMore ? <Spinner className="h-4 w-4" label="Loading more" /> : <Icon name="chevronDown" />}
                  Show more
                </Button>
              </div>
            ) : null}
          </>
        ) : !empty ? (
          <Card className="px-6 py-12 text-center text-muted-foreground" data-testid="saved-no-match">
            {search ? `No saved sequence matches “${search}”.` : 'Searching…'}
          </Card>
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
