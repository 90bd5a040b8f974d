import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button';

/** Stands in for screens that exist in the spec but are built in a later step. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-highlight">Coming soon</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted-foreground">This page is on its way. Everything else is ready to use.</p>
      <Button asChild className="mt-8">
        <Link to="/">Back to home</Link>
      </Button>
    </section>
  );
}
