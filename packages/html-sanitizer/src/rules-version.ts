/**
 * The version of the rules (html-sanitizer.ts) and of DOMPurify behind them. The server stores its results
 * with it and makes them again when it changes, so what it renders stays what the browser makes (hydration).
 * Change the rules → raise the first number; html-sanitizer.test.ts checks the DOMPurify part.
 * Its own module: the serving process reads it without loading DOMPurify.
 */
export const HTML_SANITIZER_RULES = '1 (DOMPurify 3.4.18)';
