import type { ApiErrorBody } from '@shared/errors';
import { errorMessages } from '@shared/errors';
import { ApiError } from '@web/lib/api';

export interface UploadRequest {
  method: 'POST' | 'PUT';
  body: FormData;
  /** Called with the fraction of the body sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function errorOf(status: number, data: unknown): ApiError {
  const error = (data as Partial<ApiErrorBody> | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string')
    return new ApiError(status, error.code, error.message, error.fields ?? {});
  const fallback = status === 429 ? errorMessages.rateLimited : errorMessages.internal;
  return new ApiError(status, `HTTP_${status}`, fallback);
}

/**
 * Sends a multipart form to the API. XMLHttpRequest rather than fetch because only it reports upload
 * progress. Resolves with the parsed JSON and throws an {@link ApiError} as `api()` does (status 0 when
 * the connection failed).
 */
export function uploadForm<T>(path: string, { method, body, onProgress }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(errorOf(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', errorMessages.internal));
    xhr.onabort = xhr.onerror;
    xhr.send(body);
  });
}
