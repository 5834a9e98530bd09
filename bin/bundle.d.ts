// Types of bin/bundle.js, for the TypeScript that reads the bundle's state (bench/cli-start.ts).
export const ROOT: string;
export const DIST: string;
export const CURRENT: string;
export function stamp(path: string): [number, number] | undefined;
export function currentBuild(): { dir: string; files: Record<string, [number, number]> } | undefined;
export function freshBundle(): URL | undefined;
