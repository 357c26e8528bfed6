import { pageTitle, type PageId, type PageTitleInput } from '@careers/contracts';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useBootData } from '../../lib/boot-data';
import { useReleaseServerMarkup } from '../server-markup';
import { CustomBanner } from './custom-banner';
import { Footer } from './footer';
import { MAIN_CONTENT_ID } from './skip-link';
import './page-container.css';

export interface PageContainerProps {
  pageId: PageId;
  /** The visible heading and the page part of document.title. */
  title?: string;
  /** Title inputs other than the heading: search query and location, or a position name (spec §9). */
  titleInput?: Pick<PageTitleInput, 'query' | 'location' | 'positionName'>;
  /** Use the title for document.title only (the hero or the page shows its own heading). */
  isTitleHidden?: boolean;
  hero?: ReactNode;
  showBanner?: boolean;
  showFooter?: boolean;
  width?: 'default' | 'narrow';
  children?: ReactNode;
}

/**
 * True until the first page of this document load has mounted. On that page the app takes over a page
 * the browser has already shown (server-rendered and hydrated, often with the candidate scrolling it):
 * scrolling it to the top then would yank it away from under their finger (or their test driver's click).
 */
let isFirstPageOfLoad = true;

/** Tests render many "first" pages in one document. */
export function resetFirstPageOfLoad(): void {
  isFirstPageOfLoad = true;
}

/**
 * The frame of every page (spec §2 Shell): scrolls to the top on page change, sets the document title
 * from the tenant's template, and shows the optional hero, banner, heading and footer.
 */
export function PageContainer({
  pageId,
  title,
  titleInput,
  isTitleHidden = false,
  hero,
  showBanner = true,
  showFooter = true,
  width = 'default',
  children,
}: PageContainerProps) {
  const { tenant } = useBootData();
  const { pathname } = useLocation();
  const company = tenant.config.pcsxConfig.branding.companyName;
  const template = tenant.config.pcsxConfig.seoConfig.titleTemplate;
  const { query, location, positionName } = titleInput ?? {};
  useReleaseServerMarkup();

  useEffect(() => {
    // The page the browser loaded is where the browser put it (the top, or where back/forward restores
    // it, or where the candidate scrolled while the app was starting): only later pages start at the top.
    if (isFirstPageOfLoad) {
      isFirstPageOfLoad = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);

  // A layout effect: the title changes in the same commit as the heading, so a screen reader, the
  // browser history and anything watching the DOM never see the new page under the old title.
  useLayoutEffect(() => {
    document.title = pageTitle({ company, template, pageTitle: title, query, location, positionName });
  }, [company, template, title, query, location, positionName]);

  return (
    <>
      {/* The announcement sits before <main>, so "Skip to content" skips it too (issue 8 §6: Save on a job
          page is two Tabs after the skip link, not six). */}
      {showBanner ? <CustomBanner /> : null}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="page" data-page-id={pageId}>
        {hero}
        <div className={`page__content page__content--${width}`}>
          {title && !isTitleHidden ? <h1 className="page__title">{title}</h1> : null}
          {children}
        </div>
      </main>
      {showFooter ? <Footer /> : null}
    </>
  );
}
