import type { HeroImage, PageId } from '@careers/contracts';
import type { ReactNode } from 'react';
import { useBranding } from '../../lib/boot-data';
import { useBreakpoint, type Breakpoint } from '../../lib/breakpoints';
import './hero.css';

/** The image for a width class, falling back to the next larger one (phone → tablet → desktop). */
export function heroImageFor(config: HeroImage, breakpoint: Breakpoint): string {
  switch (breakpoint) {
    case 'phone':
      return config.phone ?? config.tablet ?? config.desktop;
    case 'tablet':
      return config.tablet ?? config.desktop;
    case 'desktop':
      return config.desktop;
  }
}

export interface HeroProps {
  pageId: PageId;
  /**
   * Our own sentence (its tenant text already isolated, e.g. "Careers at {company}"), shown when the tenant
   * configured no title for the page; the tenant's own title and subtitle take their own direction.
   */
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Content that overlaps the hero's lower edge, such as the search card. */
  children?: ReactNode;
}

/**
 * spec §2 "Hero image chosen by page and screen width": heroImageConfig[pageId], else its `default`. The
 * box has a fixed aspect ratio per breakpoint in CSS, so the image never shifts the layout.
 */
export function Hero({ pageId, title, subtitle, children }: HeroProps) {
  const { heroImageConfig } = useBranding();
  const breakpoint = useBreakpoint();
  const config = heroImageConfig[pageId] ?? heroImageConfig.default;
  const heading = config?.title ?? title;
  const text = config?.subtitle ?? subtitle;
  const headingDir = config?.title ? 'auto' : undefined;
  const textDir = config?.subtitle ? 'auto' : undefined;
  return (
    <div className={`hero${children ? ' hero--with-overlap' : ''}`}>
      <div className="hero__frame">
        {config ? (
          <img
            className="hero__image"
            src={heroImageFor(config, breakpoint)}
            alt={config.alt}
            width={1440}
            height={400}
            fetchPriority="high"
            decoding="async"
          />
        ) : null}
        {heading || text ? (
          <div className="hero__overlay">
            <div className="hero__text">
              {heading ? <h1 className="hero__title" dir={headingDir}>{heading}</h1> : null}
              {text ? <p className="hero__subtitle" dir={textDir}>{text}</p> : null}
            </div>
          </div>
        ) : null}
      </div>
      {children ? <div className="hero__overlap">{children}</div> : null}
    </div>
  );
}
