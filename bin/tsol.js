#!/usr/bin/env node
// Runs the command line from its bundle (dist/cli, built on `npm install`) when the bundle is fresh: built from the
// sources exactly as they are now (bin/bundle.js). Otherwise, after an edit to src/ say, it runs the TypeScript
// through tsx, as it always did, slower to start but never old code. `npm run build:cli` brings the bundle up to date.
import { freshBundle } from "./bundle.js";

const bundle = freshBundle();
let main;
if (bundle) {
  ({ main } = await import(bundle.href));
} else {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("../src/cli/main.ts"));
}
await main(process.argv);
