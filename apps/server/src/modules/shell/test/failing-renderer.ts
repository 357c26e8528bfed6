/** A web SSR bundle whose render always fails: the shell must still answer with an empty root. */
export function render(): Promise<string> {
  return Promise.reject(new Error('renderer exploded'));
}
