import type { IConfiguration } from 'dependency-cruiser';

/**
 * The web app's import boundaries (docs/architecture.md §7), checked by `npm run lint` over src/:
 * app/ composes features into routes; a feature imports no other feature; components/ and lib/
 * are shared by every feature, so they import none; lib/ (logic and data access) imports no
 * component; and no module reaches itself through its imports. Paths are relative to web/.
 */
const config: IConfiguration = {
  forbidden: [
    {
      name: 'no-cross-feature-import',
      comment:
        'A feature imports no other feature. Move what both need to components/ or lib/, or let app/ compose them (a prop or a slot).',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'no-feature-import-from-shared',
      comment: 'components/ and lib/ are shared by every feature, so they import none.',
      severity: 'error',
      from: { path: '^src/(components|lib)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'no-component-import-from-lib',
      comment: 'lib/ is the bottom layer (logic, data access): components build on it, not the other way round.',
      severity: 'error',
      // A test may render a component to check what a lib/ function feeds it.
      from: { path: '^src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/components/' },
    },
    {
      name: 'no-app-import',
      comment: 'app/ is the top layer: only main.tsx and app/ itself import it.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/app/', '^src/main\\.tsx$'] },
      to: { path: '^src/app/' },
    },
    {
      name: 'no-import-cycle',
      comment: 'No module may reach itself through its imports (type-only imports included).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a feature's types belong to it as much as its code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

export default config;
