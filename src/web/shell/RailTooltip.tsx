import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RailTooltipContext } from './rail-tooltip-context';

/** Part 1 §9: tooltips wait 700 ms. Moving between icons within 300 ms shows the next one at once. */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

/**
 * The labels of the collapsed sidebar's icons, shown beside the rail on hover and keyboard focus. The
 * links carry their names as aria-labels, so the bubble is visual only. (A single positioned label keeps
 * Radix Tooltip and Floating UI out of the entry chunk.)
 */
export default function RailTooltipProvider({ children }: { children: ReactNode }) {
  const [tip, setTip] = useState<{ label: string; top: number; left: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const lastHiddenAt = useRef(0);
  const visible = useRef(false);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    if (visible.current) lastHiddenAt.current = Date.now();
    visible.current = false;
    setTip(null);
  }, []);

  const show = useCallback((label: string, anchor: HTMLElement, immediate = false) => {
    window.clearTimeout(timer.current);
    const open = () => {
      const rect = anchor.getBoundingClientRect();
      visible.current = true;
      setTip({ label, top: rect.top + rect.height / 2, left: rect.right + 10 });
    };
    if (immediate || visible.current || Date.now() - lastHiddenAt.current < SKIP_DELAY_MS) open();
    else timer.current = window.setTimeout(open, DELAY_MS);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
      window.clearTimeout(timer.current);
    };
  }, [hide]);

  const api = useMemo(() => ({ show, hide }), [show, hide]);
  return (
    <RailTooltipContext value={api}>
      {children}
      {tip && (
        <div
          aria-hidden
          style={{ top: tip.top, left: tip.left }}
          className="pointer-events-none fixed z-50 -translate-y-1/2 animate-fade-in whitespace-nowrap rounded-md border border-line-strong bg-surface-3 px-2.5 py-1.5 text-xs font-medium text-fg shadow-lg shadow-black/50"
        >
          {tip.label}
        </div>
      )}
    </RailTooltipContext>
  );
}
