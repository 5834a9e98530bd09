import { answerRequest } from "../../../src/games/patience/requests.ts";
import { findPatience } from "../../../src/games/registry.ts";

/**
 * The solver, off the page's thread: every game of the registry, through the platform's worker protocol. The
 * page sends one request at a time; each answer carries its request's id.
 */
interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const now = () => performance.now();

scope.onmessage = (event) => {
  void answerRequest(event.data, { findGame: findPatience, now }).then((answer) => scope.postMessage(answer));
};
