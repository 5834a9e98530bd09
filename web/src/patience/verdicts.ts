/** The verdicts and their cache live in the platform, shared with the terminal (src/games/patience/play/). */
export * from "../../../src/games/patience/play/verdicts.ts";
