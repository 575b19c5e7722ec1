import { cn } from '@web/lib/cn';
import { Link } from 'react-router';

/** The logo mark: a neon hexagon with a play triangle. `className` sets its size (default `size-8`). */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('shrink-0', className)} fill="none">
      <path
        d="M16 2.5 27.7 9.25v13.5L16 29.5 4.3 22.75V9.25L16 2.5Z"
        className="fill-accent/10 stroke-accent"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M13 11.2v9.6l7.6-4.8-7.6-4.8Z" className="fill-accent" />
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'font-display text-[0.95rem] font-bold tracking-wide whitespace-nowrap text-fg',
        className,
      )}
    >
      Mercado <span className="text-accent text-glow">Gamer</span>
    </span>
  );
}

export interface LogoProps {
  /** Only the mark (the collapsed sidebar). */
  compact?: boolean;
  className?: string;
  onClick?: () => void;
}

/** The logo, a link to /inicio named 'Mercado Gamer'. */
export function Logo({ compact = false, className, onClick }: LogoProps) {
  return (
    <Link
      to="/inicio"
      aria-label="Mercado Gamer"
      onClick={onClick}
      className={cn('flex items-center gap-2.5 rounded-md', className)}
    >
      <LogoMark />
      {!compact && <Wordmark />}
    </Link>
  );
}
