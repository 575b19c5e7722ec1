/** Where the app runs, for the install hint: pure functions of what the browser tells, so tests can say it. */

export interface BrowserFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** A Home Screen app or an installed app's window (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
}

export function browserFacts(): BrowserFacts {
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: matchMedia('(display-mode: standalone)').matches || navigator.standalone === true,
  };
}

/**
 * Safari on an iPhone or iPad, in a tab: where 'Compartilhar → Adicionar à Tela de Início' makes the app (and iOS
 * delivers Web Push only to a Home Screen app). An iPad asks for desktop pages as a Mac with a touch screen. Other
 * browsers on iOS (Chrome, Firefox, Edge, the Google app) name themselves in the user agent and are left out: the
 * guide's steps are Safari's.
 */
export function isIosSafariTab(facts: BrowserFacts): boolean {
  if (facts.standalone) return false;
  const ios =
    /iPhone|iPad|iPod/.test(facts.userAgent) || (facts.platform === 'MacIntel' && facts.maxTouchPoints > 1);
  const safari =
    /Safari\//.test(facts.userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|YaBrowser|DuckDuckGo/.test(facts.userAgent);
  return ios && safari;
}
