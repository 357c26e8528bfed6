/**
 * QUALITY T24: after sign-out (or deleting the account) nothing personal stays in this browser. The site keeps
 * little there (the offers seen, a dismissed banner), and all of it is this origin's own: every store is
 * emptied rather than a list of keys that a later feature could forget to extend.
 */
export async function clearClientData(): Promise<void> {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      storage.clear();
    } catch {
      // Storage disabled by the browser: nothing was kept there either.
    }
  }
  const work: Promise<unknown>[] = [];
  if ('caches' in window) {
    work.push(
      caches
        .keys()
        .then((names) => Promise.all(names.map((name) => caches.delete(name))))
        .catch(() => undefined),
    );
  }
  if ('indexedDB' in window && typeof indexedDB.databases === 'function') {
    work.push(
      indexedDB
        .databases()
        .then((databases) => databases.forEach((database) => database.name && indexedDB.deleteDatabase(database.name)))
        .catch(() => undefined),
    );
  }
  await Promise.all(work);
}
