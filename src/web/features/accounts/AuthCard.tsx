import { LogoMark } from '@web/components/Logo';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of the login and register pages. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="relative isolate flex flex-1 items-start justify-center overflow-hidden px-4 py-8 sm:py-12">
      <div
        aria-hidden
        className="absolute top-0 left-1/2 -z-10 size-[28rem] -translate-x-1/2 rounded-full bg-accent/10 blur-[110px]"
      />
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface/90 p-6 shadow-2xl shadow-black/50 backdrop-blur sm:p-8">
        <div className="mb-7 flex flex-col items-center text-center">
          <LogoMark className="mb-4 size-11" />
          <h1 className="font-display text-2xl font-bold tracking-wide text-fg">{title}</h1>
          <p className="mt-2 text-sm text-muted">{subtitle}</p>
        </div>
        {children}
        <div className="mt-6 border-t border-line pt-5 text-center text-sm text-muted">{footer}</div>
      </div>
    </div>
  );
}

/** 'ou' between the form and the Discord option. */
export function AuthDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wider text-subtle">
      <span aria-hidden className="h-px flex-1 bg-line" />
      ou
      <span aria-hidden className="h-px flex-1 bg-line" />
    </div>
  );
}
