import type { ProgressMessage, Request } from "../../../search/protocol.ts";
import { findPatience } from "../../registry.ts";
import type { BlindRequest } from "./blind-request.ts";
import type { WorkerLike } from "./solver-client.ts";
import { answerPlay, type PlayAnswer } from "./worker.ts";

/**
 * A solver "worker" that answers the platform's protocol in this thread, asynchronously as a real worker does:
 * for the tests of both front-ends (the real solver, without a thread to start).
 */
export class InThreadWorker implements WorkerLike {
  onmessage: ((event: { data: PlayAnswer | ProgressMessage }) => void) | null = null;
  onerror: ((event: { message?: string }) => void) | null = null;
  terminated = false;
  readonly requests: (Request | BlindRequest)[] = [];

  /**
   * `now` is the clock the searches are timed by (the caller's: the platform reads none of its own); `log` hears
   * every request too (a test's record across the workers it made).
   */
  constructor(
    private readonly now: () => number,
    private readonly log?: (Request | BlindRequest)[],
  ) {}

  postMessage(message: Request | BlindRequest): void {
    this.requests.push(message);
    this.log?.push(message);
    setTimeout(() => {
      const worker = {
        findGame: findPatience,
        now: this.now,
        progress: (progress: ProgressMessage) => {
          if (!this.terminated) this.onmessage?.({ data: progress });
        },
      };
      void answerPlay(message, worker).then((answer) => {
        if (!this.terminated) this.onmessage?.({ data: answer });
      });
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}
