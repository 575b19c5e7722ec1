import { isApiError } from '@web/lib/api';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Puts the server's per-input messages (`error.fields`) under the matching inputs. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!isApiError(error)) return;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fieldNames.find((candidate) => candidate === name);
    if (field) setError(field, { type: 'server', message });
  }
}
