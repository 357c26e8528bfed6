/**
 * pdf-lib and fontkit take about half a second and 40 MB to load, and only signing or an upload needs
 * them: they load on first use, not at start (P10 cold start and memory).
 */
export const loadSigning = () => import('../pdf/signing.pdf');
