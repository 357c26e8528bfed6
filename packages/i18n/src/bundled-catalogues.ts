import type { Catalogue, CatalogueSource } from './index';

/**
 * Every catalogue read from the package itself: the server's renderer (a bundle where size does not matter)
 * and the tests use it. The browser fetches files instead (see CatalogueSource).
 */
export const bundledCatalogues: CatalogueSource = async (locale, namespace) => {
  const module = (await import(`../locales/${locale}/${namespace}.json`)) as { default: Catalogue };
  return module.default;
};
