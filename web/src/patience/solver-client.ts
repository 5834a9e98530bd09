/** The solver's client lives in the platform, shared with the terminal (src/games/patience/play/). */
export * from "../../../src/games/patience/play/solver-client.ts";
