import { CompanyIdentity } from '@web/features/help/CompanyIdentity';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { footerNav } from './navigation';

/**
 * The institutional links, the tagline and who runs the site (from the configuration, only what is set). Each link
 * is at least 24×24 px (WCAG 2.5.8). The company line asks the server only once the footer nears the screen.
 */
export function Footer() {
  const ref = useRef<HTMLElement>(null);
  const near = useNearScreen(ref);
  return (
    <footer
      ref={ref}
      className="border-t border-line px-4 pt-6 pb-28 text-center text-xs text-subtle sm:px-6 lg:px-8 lg:pb-6"
    >
      <nav aria-label="Institucional">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          {footerNav.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="inline-flex min-h-6 min-w-6 items-center justify-center rounded-sm px-1 text-muted transition-colors hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-4">O marketplace gamer seguro para comprar e vender itens, contas e moedas.</p>
      <CompanyIdentity enabled={near} className="mt-2" />
    </footer>
  );
}

function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), {
      rootMargin: '400px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
