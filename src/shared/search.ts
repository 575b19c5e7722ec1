/** Every search box of the shop goes to the marketplace's results, only with a non-blank query (part 1 §2). */
export function searchPath(text: string): string | null {
  const q = text.trim();
  return q ? `/marketplace?q=${encodeURIComponent(q)}` : null;
}
