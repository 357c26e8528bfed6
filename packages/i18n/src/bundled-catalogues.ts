import type { Catalogue, CatalogueSource } from './index';
import { isPseudoLocale, pseudoCatalogue } from './pseudo-locale';

/**
 * Every catalogue read from the package itself: the server's renderer (a bundle where size does not matter)
 * and the tests use it. The browser fetches files instead (see CatalogueSource).
 */
export const bundledCatalogues: CatalogueSource = async (locale, namespace) => {
  // The pseudo-locale is made from English when asked for (pseudo-locale.ts), never stored.
  if (isPseudoLocale(locale)) return pseudoCatalogue(((await import(`../locales/en/${namespace}.json`)) as { default: Catalogue }).default);
  const module = (await import(`../locales/${locale}/${namespace}.json`)) as { default: Catalogue };
  return module.default;
};
