// Placeholder wordmarks until customers agree to be named; set in type so no image requests go out.
const companies = [
  { name: 'Northwind', className: 'font-serif italic' },
  { name: 'GLOBEX', className: 'tracking-[0.25em]' },
  { name: 'initech', className: 'lowercase' },
  { name: 'Umbrella', className: 'font-light' },
  { name: 'Hooli', className: 'font-black' },
  { name: 'Vandelay', className: 'font-mono' },
];

export function TrustedBy() {
  return (
    <section aria-labelledby="trusted-by" className="border-y border-border/70 bg-muted/30">
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="trusted-by" className="text-center text-sm font-medium text-muted-foreground">
          Trusted by sales teams at fast-growing companies
        </h2>
        <ul className="mt-6 grid grid-cols-2 items-center gap-x-8 gap-y-6 sm:grid-cols-3 lg:grid-cols-6">
          {companies.map((company) => (
            <li
              key={company.name}
              className={`text-center text-xl text-muted-foreground select-none ${company.className}`}
            >
              {company.name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
