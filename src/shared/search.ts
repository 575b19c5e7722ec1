/** The top-bar search goes to the marketplace only with a non-blank query (part 1 §2). */
export function searchPath(text: string, base = '/marketplace'): string | null {
  const q = text.trim();
  return q ? `${base}?q=${encodeURIComponent(q)}` : null;
}
