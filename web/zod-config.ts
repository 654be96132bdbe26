import { z } from 'zod';

// zod probes for eval with `new Function` when an object schema is built, unless told not to;
// under our CSP (no 'unsafe-eval') the probe is reported as a policy violation on every page.
// Imported first by main.tsx, so it runs before any module builds a schema.
z.config({ jitless: true });
