// No two server areas depend on each other both ways, directly or through other areas, counting what ships (tests
// may use any area): one takes the other as a port at wiring time. A folder-level rule, so it runs as a pass of its
// own over the areas' files alone (the shared layers every area uses, http, db, lib, are no area).
const main = require('./.dependency-cruiser.cjs');

const area = '^apps/server/src/modules/[^/]+$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-two-way-areas',
      severity: 'error',
      scope: 'folder',
      comment: 'Two areas that need each other: one takes the other as a port at wiring time.',
      from: { path: area },
      to: { path: area, circular: true },
    },
  ],
  options: {
    ...main.options,
    exclude: {
      path: [
        main.options.exclude.path,
        '^apps/server/src/(?!modules/)',
        '^apps/server/src/modules/[^/]+\\.ts$',
        '\\.test\\.ts$',
        '\\.bench-support\\.ts$',
      ],
    },
  },
};
