import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Icon } from '../../components/ui/Icon';
import { Spinner } from '../../components/ui/Spinner';
import { useUser } from '../../features/auth/api/get-user';
import { SavedSequenceStudio } from '../../features/library/components/SavedSequenceStudio';
import { ApiError } from '../../lib/api';
import { useSavedSequence } from '../../lib/sequence/list-saved-sequences';
import { SignedInLayout } from '../layout/SignedInLayout';

/** /saved-sequences/:id — one saved sequence in the studio. */
export function SavedSequenceStudioPage() {
  const { id = '' } = useParams();
  const { user } = useUser();
  const { data: saved, error: failed, isLoading, mutate } = useSavedSequence(id || undefined);
  // A 404 is "not found" (deleted, or never ours), not a failure to load.
  const error = failed instanceof ApiError && failed.status === 404 ? undefined : failed;
  return (
    <SignedInLayout>
      <div className="mx-auto grid w-full max-w-4xl gap-6">
        {isLoading ? (
          <div className="flex justify-center py-16">
            <Spinner className="h-7 w-7 text-highlight" label="Loading the sequence" />
          </div>
        ) : error ? (
          <Card className="grid justify-items-center gap-3 px-6 py-12 text-center" role="alert">
            <p className="font-medium">The sequence could not be loaded.</p>
            <Button variant="outline" onClick={() => void mutate()}>
              Try again
            </Button>
          </Card>
        ) : saved && user ? (
          // Keyed by id: opening another sequence starts from its own saved text.
          <SavedSequenceStudio key={saved.id} saved={saved} user={user} />
        ) : (
          <Card className="grid justify-items-center gap-3 px-6 py-12 text-center" data-testid="saved-not-found">
            <p className="font-medium">This saved sequence was not found. It may have been deleted.</p>
            <Button asChild variant="outline">
              <Link to="/saved-sequences">
                <Icon name="arrowLeft" />
                Saved sequences
              </Link>
            </Button>
          </Card>
        )}
      </div>
    </SignedInLayout>
  );
}
