// The rooms of the code and their doors (docs/architecture.md, "Areas and their doors"). `npm run lint` runs this;
// a failure names the rule, the importing file and the imported one.
const server = '^apps/server/src';
const web = '^apps/web/src';
const tests = '(\\.test\\.tsx?$|^apps/server/test/|/test-support/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports (runtime or type-only): one side should take the other as a port at wiring time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-area-internals',
      severity: 'error',
      comment: "An area uses another only through that area's door, modules/<area>/index.ts.",
      from: { path: `${server}/modules/([^/]+)/`, pathNot: tests },
      to: {
        path: `${server}/modules/[^/]+/`,
        pathNot: [`${server}/modules/$1/`, `${server}/modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-outside-area-internals',
      severity: 'error',
      comment:
        "Outside the areas, only an area's door is imported; its <area>.area.ts only by the list of areas (modules/index.ts).",
      from: { path: `${server}/`, pathNot: [`${server}/modules/`, tests] },
      to: { path: `${server}/modules/[^/]+/`, pathNot: `${server}/modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'server-area-list',
      severity: 'error',
      comment: 'The list of areas and the demo account read an area through its door or its declaration only.',
      from: { path: `${server}/modules/[^/]+\\.ts$`, pathNot: tests },
      to: { path: `${server}/modules/[^/]+/`, pathNot: `${server}/modules/[^/]+/(index|[^/]+\\.area)\\.ts$` },
    },
    {
      name: 'providers-know-no-area',
      severity: 'error',
      comment: 'The outside world behind its ports knows nothing of the areas; what it needs is passed in.',
      from: { path: `${server}/providers/`, pathNot: tests },
      to: { path: `${server}/modules/` },
    },
    {
      name: 'lib-knows-no-area',
      severity: 'error',
      comment: 'Helpers that belong to no area import none.',
      from: { path: `${server}/lib/` },
      to: { path: `${server}/(modules|http|jobs|ops|providers)/` },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app and the server share only the contract.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/(server|edge)/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/(server|edge)/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'The contract runs unchanged in browser and server: zod and intl-messageformat only.',
      from: { path: '^packages/contract/src/', pathNot: tests },
      to: {
        pathNot: ['^packages/contract/src/', '^node_modules/(zod|intl-messageformat)/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment: "A feature uses another feature's screens only through the route table, and its parts through its door.",
      from: { path: `${web}/features/([^/]+)/`, pathNot: tests },
      to: {
        path: `${web}/features/[^/]+/`,
        pathNot: [`${web}/features/$1/`, `${web}/features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-shared-knows-no-feature',
      severity: 'error',
      comment: 'Components, stores, api and navigation are used by the features, never the reverse.',
      from: { path: `${web}/(components|stores|api|theme|i18n)/`, pathNot: tests },
      to: { path: `${web}/features/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|reports|\\.stryker-tmp)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
