import { drawSeed } from "../../../src/cards/entropy.ts";
import type { AnyPatienceGame } from "../../../src/games/patience/contract.ts";
import { layoutOf } from "../games/index.ts";
import type { Settings } from "../settings.ts";
import { playSound } from "../sound.ts";
import { browserStore } from "../storage.ts";
import { PatienceController } from "./controller.ts";
import { SolverClient, type WorkerLike } from "./solver-client.ts";

/** The page's edge: the real storage, clocks, sounds, entropy and the solver's Web Worker. */

let solver: SolverClient | null = null;

export function sharedSolver(): SolverClient {
  solver ??= new SolverClient(
    () =>
      new Worker(new URL("./solver.worker.ts", import.meta.url), {
        type: "module",
        name: "tsol-solver",
      }) as unknown as WorkerLike,
    () => performance.now(),
  );
  return solver;
}

// The worker starts as this module loads, before any table is drawn: a slow game's first verdict starts at once.
if (typeof Worker === "function") sharedSolver().prestart();

const controllers = new Map<string, PatienceController>();
let onSettings: ((settings: Settings) => void) | undefined;

/** Where "don't ask again" and the like send changed settings (the shell keeps them). */
export function setSettingsListener(listener: (settings: Settings) => void): void {
  onSettings = listener;
}

const touchScreen = (): boolean =>
  typeof matchMedia === "function" &&
  matchMedia("(pointer: coarse)").matches &&
  !matchMedia("(pointer: fine)").matches;

/** One controller per game for the page's life, so switching games and back loses nothing. */
export function controllerFor(game: AnyPatienceGame, settings: Settings): PatienceController {
  let controller = controllers.get(game.id);
  if (!controller) {
    controller = new PatienceController(
      game,
      settings,
      {
        store: browserStore(),
        clock: () => performance.now(),
        date: () => Date.now(),
        sound: playSound,
        solver: sharedSolver(),
        random: () => drawSeed() / 2 ** 32,
        seed: drawSeed,
        setTimer: (fn, ms) => setTimeout(fn, ms),
        clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        touch: touchScreen(),
        settingsChanged: (s) => onSettings?.(s),
      },
      layoutOf(game.id).clickMode ?? "select",
    );
    controllers.set(game.id, controller);
  }
  return controller;
}

/** Every controller made so far (saved when the page is hidden). */
export function allControllers(): PatienceController[] {
  return [...controllers.values()];
}
