import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = new URL(".", import.meta.url).pathname;

/** The web app: built into dist/web, which `tsol serve` serves under a strict Content-Security-Policy. */
export default defineConfig({
  root: here,
  base: "/",
  plugins: [react()],
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
