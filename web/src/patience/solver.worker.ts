import { answerPlay } from "../../../src/games/patience/play/worker.ts";
import { findPatience } from "../../../src/games/registry.ts";

/**
 * The solver, off the page's thread: every game of the registry, through the platform's worker protocol, a lost
 * verdict's reason, and the blind player's question (src/games/patience/play/worker.ts). The page sends one
 * request at a time; each answer carries its request's id; a search reports its progress when asked to.
 */
interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const now = () => performance.now();
const worker = { findGame: findPatience, now, progress: (message: unknown) => scope.postMessage(message) };

scope.onmessage = (event) => {
  void answerPlay(event.data, worker).then((answer) => scope.postMessage(answer));
};
