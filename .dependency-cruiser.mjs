// Import rules `npm run check` enforces (npm run deps). Type-only imports count: a circle
// of types still ties the files together, and ESLint's import-x/no-cycle skips them.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: break it by moving the shared part into a file both can import.',
      from: { path: '^(packages|server/src|web/src)/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-feature',
      severity: 'error',
      comment:
        'Server core (context, ports, http, db, lib, settings) must not import a feature module: ' +
        'define the port in core and let the module implement it.',
      from: {
        path: '^server/src/(context|ports|settings)\\.ts$|^server/src/(http|db|lib)/',
      },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'feature-imports-other-feature-public-entry-only',
      severity: 'error',
      comment:
        'A console feature imports another feature only through its public entry ' +
        'web/src/features/<other>/index.ts; app/ and pages/ compose features.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/([^/]+)/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'feature-imports-no-app-or-page',
      severity: 'error',
      comment: 'Features are composed by web/src/app and web/src/pages, never the other way round.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(app|pages)/' },
    },
    {
      name: 'web-lib-imports-no-feature-app-or-page',
      severity: 'error',
      comment: 'web/src/lib is plumbing: it imports nothing from features/, app/ or pages/.',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/(features|app|pages)/' },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/domain is pure: it imports no other workspace.',
      from: { path: '^packages/domain/' },
      to: { path: '^(packages/contract|server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Count `import type` too (see above).
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
