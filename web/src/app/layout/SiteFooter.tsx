import { Link } from 'react-router-dom';
import { LogoMark, PRODUCT_NAME } from '../../components/ui/Logo';

const footerLinks = [
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
];

const linkClass =
  'rounded-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Footer of every public page and the landing page (docs/product.md §2: Contact, Privacy, Terms, About). */
export function SiteFooter() {
  return (
    <footer className="border-t border-border/70">
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center justify-between gap-6 px-4 py-10 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <div className="flex flex-col items-center gap-2 sm:items-start">
          <span className="flex items-center gap-2 font-semibold text-foreground">
            <LogoMark className="h-6 w-6" />
            {PRODUCT_NAME}
          </span>
          <p>© {new Date().getFullYear()} seqgen, Inc. All rights reserved.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
          {/* biome-ignore lint/a11y/useValidAnchor: the About link (docs/product.md §2) has no destination yet; it is shown, inert. */}
          <a aria-disabled="true" className="cursor-default">
            About
          </a>
          {footerLinks.map((link) => (
            <Link key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
