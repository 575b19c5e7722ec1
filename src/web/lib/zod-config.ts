// zod compiles object parsers with `new Function` when it may, and probes for that on first use. The page's
// Content-Security-Policy (script-src 'self') blocks the probe, which the browser reports as a violation on every
// page. Interpreted parsers are fast enough for forms; this must run before any schema is built.
// zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js reads and extends it), so
// it is set here without importing zod: the entry stays free of it, and the chunks that build schemas load later.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
