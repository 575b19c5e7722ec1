import type { SentencePart } from '@shared/audit-sentences';
import { Link } from 'react-router';

/** A sentence of the audit (or of Visão Geral's feed): its text, the member, listing, trade or queue as links. */
export function AuditSentenceText({ parts }: { parts: readonly SentencePart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.href ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never move
            key={index}
            to={part.href}
            className="font-medium text-accent underline-offset-2 hover:underline"
          >
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
