import { errorMessages } from '@shared/errors';

const statusByCode = {
  VALIDATION: 400,
  RESET_LINK_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_CONFIRMED: 403,
  /** A suspended member signing in: the message says until when. */
  ACCOUNT_SUSPENDED: 403,
  FOREIGN_ORIGIN: 403,
  NOT_FOUND: 404,
  /** A listing whose seller is suspended (decision 023): 'Anúncio indisponível', no seller data. */
  LISTING_UNAVAILABLE: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The PSP (API Pix) failed, refused or did not answer in time. */
  PIX_UNAVAILABLE: 502,
  /** The process is shutting down (SIGTERM): a request on a kept-alive connection is sent elsewhere. */
  SHUTTING_DOWN: 503,
  /** The data folder is short of free space (MIN_FREE_DISK_MB): uploads are refused. */
  STORAGE_FULL: 507,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

/** The one error type services throw; the error handler turns it into `{ error: { code, message, fields } }`. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return statusByCode[this.code];
  }

  static unauthenticated() {
    return new AppError('UNAUTHENTICATED', errorMessages.unauthenticated);
  }

  static forbidden() {
    return new AppError('FORBIDDEN', errorMessages.forbidden);
  }
}
