import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const here = new URL(".", import.meta.url).pathname;

/**
 * The web app: built into dist/web, which `tsol serve` serves under a strict Content-Security-Policy. It installs
 * as an app (the manifest) and plays offline: a service worker (Workbox, generated at the build) keeps every file
 * of the build, the solvers' Web Workers and the lazily loaded games included, and answers from them; it takes
 * over a new build at once. web/src/shell/service-worker.ts registers it.
 */
export default defineConfig({
  root: here,
  base: "/",
  plugins: [
    react(),
    VitePWA({
      registerType: "autoUpdate",
      injectRegister: false,
      // Every file of the build is precached by the patterns below (the manifest is added by the plugin).
      includeManifestIcons: false,
      manifest: {
        id: "/",
        name: "tsol: patience and Tetris",
        short_name: "tsol",
        description:
          "Patience card games with solvers that know whether a deal can be won (FreeCell, Klondike, Spider and many more), and Tetris.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        background_color: "#1b5e20",
        theme_color: "#1b5e20",
        categories: ["games"],
        icons: [
          { src: "icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "icon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{html,js,css,svg,png,woff2}"],
        // The app's address with a query string is the app too; any other address not kept goes to the server.
        navigateFallback: "index.html",
        navigateFallbackAllowlist: [/^\/(\?.*)?$/],
        cleanupOutdatedCaches: true,
        // The first visit's page is taken over as soon as the files are kept (offline from then on, no reload
        // needed), and a new build's worker takes over at once.
        clientsClaim: true,
        skipWaiting: true,
        // The game's code and the solvers' worker are each well under this; the default (2 MiB) is near.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  worker: { format: "es" },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    target: "es2022",
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 800,
  },
});
