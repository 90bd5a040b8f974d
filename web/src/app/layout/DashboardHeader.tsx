import type { User } from '@seqgen/proto';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/DropdownMenu';
import { Icon } from '../../components/ui/Icon';
import { Logo } from '../../components/ui/Logo';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { useLogout } from '../../features/auth/api/logout';
import { fullName, initialsOf, shortName } from '../../features/auth/display-name';
import { AnalyticsEvent, track } from '../../lib/analytics';

/**
 * The signed-in header (docs/product.md §2): product title, the user, Start Over, Saved, theme toggle,
 * manage subscription and logout. `usage` is a slot for the usage meter; `onStartOver` clears the
 * generator (pages without one just go home).
 */
export function DashboardHeader({
  user,
  onStartOver,
  usage,
}: {
  user: User;
  onStartOver?: () => void;
  usage?: ReactNode;
}) {
  const navigate = useNavigate();
  const logout = useLogout();
  const name = fullName(user);

  const startOver = () => {
    track(AnalyticsEvent.click, { label: 'Start Over', location: 'header' });
    if (onStartOver) onStartOver();
    else navigate('/');
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          {usage}
          <Button variant="outline" size="sm" onClick={startOver} aria-label="Start Over" data-testid="start-over">
            <Icon name="restart" />
            <span className="hidden sm:inline">Start Over</span>
          </Button>
          <div className="hidden sm:block">
            <Button asChild variant="ghost" size="sm">
              <Link to="/saved-sequences" data-testid="saved-link">
                <Icon name="bookmark" />
                Saved
              </Link>
            </Button>
          </div>
          <ThemeToggle />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <button
                type="button"
                data-testid="account-menu"
                aria-label={`Account menu for ${shortName(user)}`}
                className="flex min-w-0 cursor-pointer items-center gap-2 rounded-full py-1 pl-1 pr-1 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:pr-2.5"
              >
                {/* The initials are drawn by CSS, not written as text: they are decoration, and text in
                    the button that its name ("Account menu for …") leaves out fails label-in-name
                    (WCAG 2.5.3) for speech users, who say what they see. */}
                <span
                  aria-hidden="true"
                  data-initials={initialsOf(user)}
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground before:content-[attr(data-initials)]"
                />
                <span className="hidden max-w-48 truncate text-sm font-medium md:block" data-testid="header-user">
                  {shortName(user)}
                </span>
                <Icon name="chevronDown" className="hidden text-muted-foreground md:block" />
              </button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>
                {name ? <span className="block font-semibold">{name}</span> : null}
                <span className="block truncate text-muted-foreground" data-testid="menu-email">
                  {user.email}
                </span>
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild className="sm:hidden">
                <Link to="/saved-sequences">
                  <Icon name="bookmark" />
                  Saved sequences
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <Link to="/subscription-management" data-testid="manage-subscription">
                  <Icon name="creditCard" />
                  Manage subscription
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void logout()} data-testid="logout">
                <Icon name="logout" />
                Log out
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </header>
  );
}
