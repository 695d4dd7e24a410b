import { z } from 'zod';

/*
 * zod compiles object parsers with `new Function` after probing whether it may; the console's CSP allows no eval,
 * and Chrome reports even the caught probe as a script-src violation on every page. The interpreted parsers are
 * fast enough for forms and answers. Imported first by main.tsx, before any module that defines or uses a schema.
 */
z.config({ jitless: true });
