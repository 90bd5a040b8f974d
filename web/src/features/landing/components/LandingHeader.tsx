import { Collapsible } from 'radix-ui';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Logo } from '../../../components/ui/Logo';
import { ThemeToggle } from '../../../components/ui/ThemeToggle';
import { AnalyticsEvent, track } from '../../../lib/analytics';
import { goToSection, LANDING_SECTIONS } from '../sections';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Sticky landing top bar; on small screens the same links collapse into a menu (docs/product.md §2). */
export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const onAuthClick = (label: string, location: string) => {
    track(AnalyticsEvent.click, { label, location });
    setMenuOpen(false);
  };

  return (
    <Collapsible.Root open={menuOpen} onOpenChange={setMenuOpen} asChild>
      <header className="sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo onClick={() => setMenuOpen(false)} />

          <nav aria-label="Sections" className="hidden items-center gap-1 md:flex" data-testid="landing-nav">
            {LANDING_SECTIONS.map((section) => (
              <a
                key={section.id}
                href={`#${section.id}`}
                className={navLinkClass}
                onClick={(event) => {
                  event.preventDefault();
                  goToSection(section.id, 'top-bar');
                }}
              >
                {section.label}
              </a>
            ))}
          </nav>

          <div className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/auth" onClick={() => onAuthClick('Sign In', 'top-bar')}>
                  Sign In
                </Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/auth" state={{ tab: 'signup' }} onClick={() => onAuthClick('Get Started', 'top-bar')}>
                  Get Started
                </Link>
              </Button>
            </div>
            <Collapsible.Trigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="md:hidden"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                data-testid="mobile-menu-toggle"
              >
                <MenuIcon open={menuOpen} />
              </Button>
            </Collapsible.Trigger>
          </div>
        </div>

        <Collapsible.Content className="border-t border-border/70 md:hidden" data-testid="mobile-menu">
          <nav aria-label="Sections" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
            {LANDING_SECTIONS.map((section) => (
              <a
                key={section.id}
                href={`#${section.id}`}
                className="rounded-md px-3 py-2.5 text-base font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onClick={(event) => {
                  event.preventDefault();
                  // Close the menu before measuring: the open menu makes the sticky header taller,
                  // and a scroll measured then leaves the heading under the header once it closes.
                  flushSync(() => setMenuOpen(false));
                  goToSection(section.id, 'mobile-menu');
                }}
              >
                {section.label}
              </a>
            ))}
            <div className="mt-2 grid grid-cols-2 gap-2 border-t border-border/70 pt-3">
              <Button asChild variant="outline">
                <Link to="/auth" onClick={() => onAuthClick('Sign In', 'mobile-menu')}>
                  Sign In
                </Link>
              </Button>
              <Button asChild>
                <Link to="/auth" state={{ tab: 'signup' }} onClick={() => onAuthClick('Get Started', 'mobile-menu')}>
                  Get Started
                </Link>
              </Button>
            </div>
          </nav>
        </Collapsible.Content>
      </header>
    </Collapsible.Root>
  );
}
