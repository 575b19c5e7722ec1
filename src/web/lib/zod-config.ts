import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it may, and probes for that on first use. The page's
// Content-Security-Policy (script-src 'self') blocks the probe, which the browser reports as a violation on every
// page. Interpreted parsers are fast enough for forms; this must run before any schema is built.
config({ jitless: true });
