import type { ApiErrorBody } from '@shared/errors';
import { errorMessages } from '@shared/errors';
import { takeFirstAnswer } from './first-data';

/** A failed API call: the server's code and pt-BR message, and per-input messages when it sent them. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** A 4xx answer: asking again will not change it. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the same-origin JSON API with the session cookie. Resolves with the parsed body (undefined for 204)
 * and throws an {@link ApiError} for any non-2xx answer or network failure.
 */
export async function api<T>(path: string, { method = 'GET', body, signal }: ApiRequest = {}): Promise<T> {
  if (method === 'GET') {
    const answer = takeFirstAnswer(path);
    if (answer !== undefined) return answer as T;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', errorMessages.internal);
  }

  if (response.status === 204) return undefined as T;

  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }

  if (!response.ok) {
    if (isErrorBody(data)) {
      const { code, message, fields } = data.error;
      throw new ApiError(response.status, code, message, fields ?? {});
    }
    const fallback = response.status === 429 ? errorMessages.rateLimited : errorMessages.internal;
    throw new ApiError(response.status, `HTTP_${response.status}`, fallback);
  }
  return data as T;
}
