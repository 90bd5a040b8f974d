import { Link, NavLink, Outlet } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Logo } from '../../components/ui/Logo';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { useUser } from '../../features/auth/api/get-user';
import { cn } from '../../lib/cn';
import { SiteFooter } from './SiteFooter';

/** Header and footer shared by the public pages (pricing, legal, contact, reset, waitlist…). */
export function PublicLayout() {
  const { status } = useUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-1 sm:gap-2">
            <NavLink
              to="/pricing"
              className={({ isActive }) =>
                cn(
                  'hidden rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:block',
                  isActive && 'text-foreground',
                )
              }
            >
              Pricing
            </NavLink>
            <ThemeToggle />
            {status === 'signedIn' ? (
              <Button asChild size="sm">
                <Link to="/">Dashboard</Link>
              </Button>
            ) : status === 'signedOut' ? (
              <Button asChild size="sm" variant="outline">
                <Link to="/auth">Sign In</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </header>

      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>

      <SiteFooter />
    </div>
  );
}
