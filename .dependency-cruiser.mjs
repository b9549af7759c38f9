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
