import { statfs } from 'node:fs/promises';
import { statusMessages } from '@shared/status-messages';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** The free space of the data folder's file system as the status page and the admin's Sistema tab show it. */
interface DiskReading {
  freeBytes: number;
  totalBytes: number;
  /** MIN_FREE_DISK_MB in bytes: below it, uploads are refused. */
  minFreeBytes: number;
  low: boolean;
}

export interface DiskSpace {
  /** The free space now; null when the file system cannot be read (then uploads are not refused for it). */
  read(): Promise<DiskReading | null>;
  /** Throws STORAGE_FULL (507, a pt-BR message) when the free space is below the threshold. */
  ensureRoom(): Promise<void>;
}

/**
 * The data folder holds the embedded database beside the uploads (issue 25): a disk filled by uploads stops the
 * whole marketplace. Every upload path asks `ensureRoom()` before it reads a byte of the body, and is refused
 * while the file system of `dir` has less than `minFreeBytes` free for this process (statfs's `bavail`: the
 * blocks an unprivileged process may still use).
 */
export function createDiskSpace({
  dir,
  minFreeBytes,
  log,
}: {
  dir: string;
  minFreeBytes: number;
  log: FastifyBaseLogger;
}): DiskSpace {
  async function read(): Promise<DiskReading | null> {
    try {
      const fs = await statfs(dir);
      const freeBytes = fs.bavail * fs.bsize;
      return { freeBytes, totalBytes: fs.blocks * fs.bsize, minFreeBytes, low: freeBytes < minFreeBytes };
    } catch (err) {
      log.warn({ err, dir }, 'não foi possível ler o espaço livre da pasta de dados');
      return null;
    }
  }
  return {
    read,
    async ensureRoom() {
      const reading = await read();
      if (!reading?.low) return;
      log.error(
        { freeBytes: reading.freeBytes, minFreeBytes },
        'pouco espaço livre na pasta de dados: envios de arquivos recusados',
      );
      throw new AppError('STORAGE_FULL', statusMessages.diskFull);
    },
  };
}

/** For an upload route: refuses (507) when the data folder is short of space; one line before the body is read. */
export function ensureDiskRoom(request: FastifyRequest): Promise<void> {
  return request.server.diskSpace.ensureRoom();
}

declare module 'fastify' {
  interface FastifyInstance {
    diskSpace: DiskSpace;
  }
}
