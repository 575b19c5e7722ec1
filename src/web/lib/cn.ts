import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (clsx). It does not resolve conflicting Tailwind utilities — tailwind-merge would add
 * ~8 KB gzip to the entry chunk — so primitives expose variants/props for what callers may change, and a
 * caller that truly must override a utility marks it important (`h-12!`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
