/**
 * Full-page navigations. They go through this object so tests can observe them (jsdom's `location` cannot
 * be spied on) and so every reload in the app is easy to find.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
