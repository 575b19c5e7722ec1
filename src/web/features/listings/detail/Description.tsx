/** The seller's full text, line breaks kept. */
export function Description({ text }: { text: string }) {
  return (
    <section
      aria-labelledby="descricao-titulo"
      className="rounded-2xl border border-line bg-surface p-5 lg:p-6"
    >
      <h2 id="descricao-titulo" className="font-display text-lg font-bold text-fg">
        Descrição
      </h2>
      <p className="mt-3 text-sm leading-relaxed whitespace-pre-line break-words text-muted">{text}</p>
    </section>
  );
}
