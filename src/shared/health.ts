import { z } from 'zod';

/** `GET /api/health`: the process and its database, as a load balancer and the status page read them. */
export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['ok', 'down']),
    latencyMs: z.number(),
  }),
  uptimeSeconds: z.number(),
});
