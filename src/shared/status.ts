import { z } from 'zod';
import { statusMessages as m } from './status-messages';

export const checkNames = ['database', 'storage', 'mail', 'realtime'] as const;
export type CheckName = (typeof checkNames)[number];

export const serviceStates = ['operational', 'degraded', 'down'] as const;
export type ServiceState = (typeof serviceStates)[number];

/** One real check: no hostnames, bucket names or error texts, only how it went and how long it took. */
export const statusCheck = z.object({
  name: z.enum(checkNames),
  state: z.enum(serviceStates),
  latencyMs: z.number(),
  checkedAt: z.iso.datetime({ offset: true }),
});
export type StatusCheck = z.infer<typeof statusCheck>;

export const maintenanceWindow = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

/**
 * The free space of the data folder's file system (issue 25): below `minFreeBytes` (MIN_FREE_DISK_MB) every upload
 * is refused, and the page says so.
 */
export const diskSpace = z.object({
  freeBytes: z.number(),
  totalBytes: z.number(),
  minFreeBytes: z.number(),
  low: z.boolean(),
});
export type DiskSpace = z.infer<typeof diskSpace>;

/** What `GET /api/status` tells of the disk: whether uploads are refused, and the figures to admins only. */
export const diskState = diskSpace.partial().required({ low: true });
export type DiskState = z.infer<typeof diskState>;

/** `GET /api/status`: the public System Status page. */
export const systemStatus = z.object({
  state: z.enum(serviceStates),
  checks: z.array(statusCheck),
  /** Null when the file system could not be read. */
  disk: diskState.nullable(),
  uptimeSeconds: z.number().int(),
  /** Maintenance that has not ended yet (ongoing or upcoming), soonest first. */
  maintenance: z.array(maintenanceWindow),
  checkedAt: z.iso.datetime({ offset: true }),
});
export type SystemStatus = z.infer<typeof systemStatus>;

const dateTime = (message: string) => z.iso.datetime({ offset: true, error: message });

/** `POST /api/status/maintenance` (staff). */
export const maintenanceInput = z
  .object({
    title: z.string(m.titleRequired).trim().min(1, m.titleRequired).max(120, m.titleTooLong),
    description: z.string().trim().max(1000, m.descriptionTooLong).default(''),
    startsAt: dateTime(m.startsAtInvalid),
    endsAt: dateTime(m.endsAtInvalid),
  })
  .refine((w) => Date.parse(w.endsAt) > Date.parse(w.startsAt), {
    path: ['endsAt'],
    error: m.endsBeforeStart,
  });
export type MaintenanceInput = z.input<typeof maintenanceInput>;
