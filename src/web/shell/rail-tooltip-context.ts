import { createContext, type FocusEvent, type PointerEvent, useContext } from 'react';

export interface RailTooltipApi {
  show: (label: string, anchor: HTMLElement, immediate?: boolean) => void;
  hide: () => void;
}

/** Provided by RailTooltipProvider (loaded only while the sidebar is collapsed). */
export const RailTooltipContext = createContext<RailTooltipApi | null>(null);

/** Event handlers that show `label` beside the element; nothing outside a RailTooltipProvider. */
export function useRailTooltip(label: string) {
  const api = useContext(RailTooltipContext);
  if (!api) return {};
  return {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') api.show(label, event.currentTarget);
    },
    onPointerLeave: api.hide,
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.matches(':focus-visible')) api.show(label, event.currentTarget, true);
    },
    onBlur: api.hide,
    onClick: api.hide,
  };
}
