/**
 * Registers the service worker the build makes (web/vite.config.ts): with it the app installs, and plays offline
 * after its first visit, the solvers included. Not under Vite's development server, which makes none, nor where the
 * browser offers no service workers (a page not served from localhost or over HTTPS): the app works as it is.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      // Offline play is lost, not the game: say so where a developer looks.
      console.warn(`tsol: the service worker did not register (${String(error)}): no offline play`);
    });
  };
  // After the page has loaded: the worker's downloads of the whole app never slow its first start.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
