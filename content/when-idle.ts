/**
 * The page's next idle period (`requestIdleCallback`, at most 1 s away), so that tsugi's
 * work never takes the main thread while the page is still busy loading; 50 ms where the
 * browser lacks idle callbacks.
 *
 * @returns a promise that resolves then
 */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 50);
  });
}
