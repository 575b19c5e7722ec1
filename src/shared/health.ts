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

/**
 * What can keep a live process from taking traffic (`GET /api/health/ready`), as stable codes an orchestrator
 * or a script may match: the database does not answer, migrations in `drizzle/` are not all applied (another
 * process may be applying them), the data folder is short of space, the process is shutting down.
 */
export const readinessProblem = z.enum(['database-down', 'migrations-pending', 'disk-low', 'draining']);
export type ReadinessProblem = z.infer<typeof readinessProblem>;

/** `GET /api/health/ready`: 200 with `ready`, or 503 naming each failed check (a code and a pt-BR sentence). */
export const readiness = z.object({
  status: z.enum(['ready', 'unready']),
  problems: z.array(z.object({ code: readinessProblem, message: z.string() })),
});
export type Readiness = z.infer<typeof readiness>;

export const readinessMessages: Record<ReadinessProblem, string> = {
  'database-down': 'O banco de dados não respondeu.',
  'migrations-pending':
    'O banco ainda não tem todas as migrações desta versão (podem estar sendo aplicadas).',
  'disk-low': 'A pasta de dados está com pouco espaço livre.',
  draining: 'O servidor está sendo encerrado e não aceita novas requisições.',
};
