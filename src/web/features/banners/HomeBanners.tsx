import type { Banner } from '@shared/banners';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useHomeBanners } from './api';

const ROTATE_MS = 7000;

/**
 * The active banners as a carousel (WAI-ARIA carousel pattern): previous/next buttons, a pause button, one slide
 * shown at a time; it rotates on its own unless paused, hovered or focused, and never when the user asked the
 * system for less motion. A click follows the banner's link.
 */
export function HomeBanners() {
  const banners = useHomeBanners();
  const list = banners.data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const id = useId();
  const count = list.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused || held) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, paused, held]);

  if (!count) return null;

  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Destaques"
      className="relative overflow-hidden rounded-2xl border border-line bg-surface"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div id={id} aria-live={paused || count < 2 ? 'polite' : 'off'}>
        {list.map((banner, i) => (
          <Slide key={banner.id} banner={banner} hidden={i !== current} position={`${i + 1} de ${count}`} />
        ))}
      </div>
      {count > 1 && (
        <div className="absolute right-3 bottom-3 flex items-center gap-2">
          <Button
            variant="secondary"
            size="icon-sm"
            aria-controls={id}
            aria-label={paused ? 'Retomar rotação dos destaques' : 'Pausar rotação dos destaques'}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
          </Button>
          <Button
            variant="secondary"
            size="icon-sm"
            aria-controls={id}
            aria-label="Destaque anterior"
            onClick={() => setIndex((current - 1 + count) % count)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span className="rounded-md bg-black/60 px-2 py-1 text-xs text-white">
            {current + 1}/{count}
          </span>
          <Button
            variant="secondary"
            size="icon-sm"
            aria-controls={id}
            aria-label="Próximo destaque"
            onClick={() => setIndex((current + 1) % count)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </section>
  );
}

function Slide({ banner, hidden, position }: { banner: Banner; hidden: boolean; position: string }) {
  const body = (
    <>
      <img
        src={banner.imageUrl}
        srcSet={banner.imageSrcSet ?? undefined}
        sizes="(min-width: 1152px) 1152px, 100vw"
        alt=""
        className="aspect-[16/5] w-full object-cover"
      />
      <span className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-linear-to-t from-black/85 to-transparent p-4 pr-44 sm:p-6 sm:pr-52">
        <span className="font-display text-lg font-bold text-white sm:text-2xl">{banner.title}</span>
        {banner.description && <span className="text-sm text-white/85">{banner.description}</span>}
      </span>
    </>
  );
  const external = banner.linkUrl?.startsWith('https://');
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group; a fieldset is for form controls.
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position}: ${banner.title}`}
      hidden={hidden}
      className={cn('relative', hidden && 'hidden')}
    >
      {banner.linkUrl ? (
        external ? (
          <a href={banner.linkUrl} className="block" rel="noopener noreferrer">
            {body}
          </a>
        ) : (
          <Link to={banner.linkUrl} className="block">
            {body}
          </Link>
        )
      ) : (
        body
      )}
    </div>
  );
}
