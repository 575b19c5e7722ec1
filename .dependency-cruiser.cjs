// The layers of the code (README, Layers), checked by `npm run lint:deps` and by tests/unit/layers.test.ts.
// Imports point down: src/server/main.ts → app.ts → the job list (jobs/, one file per job, each naming the module
// function it runs) → modules/ → the server's core (auth, db, realtime, storage, mail, the job runner, config…) →
// src/shared; src/web → src/shared. Type-only imports count: they tie the code as much. Between the domain modules no
// two import each other, directly or round a loop (`no-module-cycle`, over folders); admin/ is read by none.
// The web's floors: lib/ (ground) → components/ → features/<domain>/ → shell/ → pages/ → routes.tsx, app.tsx (and
// route-prefetch.ts, which reads the features' queries); between the feature folders no loop (`no-feature-cycle`).

/** The server's core: below every module, so it imports none of them (what it needs from one is handed in). */
const serverCore = [
  '^src/server/(auth|db|mail|realtime|storage)/',
  '^src/server/jobs/(job|runner)\\.ts$',
  '^src/server/(config|data-lock|error-handler|errors|paths|web)\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A cycle of runtime imports: the modules in it load in an order nobody chose.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-cycle-across-folders',
      comment:
        'A cycle, type imports included, that leaves a folder. Inside one folder a file may name the type of the ' +
        'service that wires it (trades/*-steps.ts → trades/service.ts).',
      severity: 'error',
      from: { path: '^(src/.+)/[^/]+$' },
      to: { circular: true, via: { pathNot: '^$1/[^/]+$' } },
    },
    {
      name: 'no-module-cycle',
      comment:
        'Two domain modules that import each other, directly or round a longer loop, type imports included: ' +
        'the shared piece belongs to the lower one, or is handed in by app.ts.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/server/modules/' },
      to: { circular: true },
    },
    {
      name: 'shared-stays-shared',
      comment: 'src/shared runs in the browser and on the server: no server, web or Node code (DESIGN §3).',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'shared-without-node',
      comment: 'src/shared runs in the browser and on the server: no Node built-ins (DESIGN §3).',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-not-server',
      comment: 'The browser reaches the server over HTTP only; shared contracts live in src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server serves the built SPA as files; it imports none of its code.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'core-not-modules',
      comment:
        "The server's core sits below the domain modules: what it needs from one is handed in by app.ts " +
        "(auth/hooks.ts, the realtime hub's unreadCount).",
      severity: 'error',
      from: { path: serverCore },
      to: { path: ['^src/server/(modules|demo)/', '^src/server/(app|main)\\.ts$'] },
    },
    {
      name: 'only-main-starts',
      comment: 'app.ts is built by main.ts (and the tests); the demo seed is run by main.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/(main\\.ts$|demo/)' },
      to: { path: ['^src/server/(app|main)\\.ts$', '^src/server/demo/'] },
    },
    {
      name: 'module-routes-from-app',
      comment:
        "A module's routes (routes.ts, *-routes.ts) are a Fastify plugin registered by app.ts; another module " +
        'calls its service.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/[^/]+/[a-z-]*routes\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'modules-not-jobs',
      comment:
        'The job list (jobs/, one file per job) sits above the modules: a job names the module function it runs, ' +
        'a module never reaches up to a job (the runner and the Job type are core).',
      severity: 'error',
      from: { path: '^src/server/modules/' },
      to: { path: '^src/server/jobs/', pathNot: '^src/server/jobs/(job|runner)\\.ts$' },
    },
    {
      name: 'admin-composes',
      comment:
        "The admin panel's module (overview, audit, system, staff roles) reads the other domains; none of them " +
        'imports it. A queue lives in the domain it belongs to.',
      severity: 'error',
      from: { path: '^src/server/modules/', pathNot: '^src/server/modules/admin/' },
      to: { path: '^src/server/modules/admin/' },
    },
    {
      name: 'pages-from-routes',
      comment:
        'A page is one route, loaded lazily by routes.tsx; what pages share lives in features/ or components/.',
      severity: 'error',
      from: { path: '^src/web/', pathNot: '^src/web/(routes\\.tsx$|pages/)' },
      to: { path: '^src/web/pages/' },
    },
    {
      name: 'features-not-shell',
      comment: 'features/<domain>/ never imports shell/ (DESIGN §3): the layouts compose the features.',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/shell/' },
    },
    {
      name: 'ui-primitives-stay-low',
      comment:
        'components/ holds primitives (ui/, the confirm dialog, the photo picker…): they know no feature, page or ' +
        'layout.',
      severity: 'error',
      from: { path: '^src/web/components/' },
      to: { path: ['^src/web/(features|pages|shell)/', '^src/web/[^/]+$'] },
    },
    {
      name: 'lib-is-ground',
      comment:
        "src/web/lib is the web's ground (the API client, toasts, formats, the socket): it imports nothing else of " +
        'the web, so any file may import it. What reads a feature (the route prefetch) sits above the features.',
      severity: 'error',
      from: { path: '^src/web/lib/' },
      to: { path: '^src/web/', pathNot: '^src/web/lib/' },
    },
    {
      name: 'no-feature-cycle',
      comment:
        'Two web feature folders that import each other, directly or round a longer loop, type imports included ' +
        "(as the server's no-module-cycle): the lower one owns the shared piece, the generic piece goes to " +
        "components/ or lib/, or the page hands a function in (the listing page gives listings the trades' start).",
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/web/features/' },
      to: { circular: true },
    },
    {
      name: 'resolvable',
      comment: 'An import the cruiser cannot resolve is one these rules cannot see.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // As Vite and tsc resolve packages: their `exports` map, ESM first.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
