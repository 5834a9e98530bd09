/**
 * What the search machinery needs of a game: a packed position that a search moves through in place. Each game
 * keeps its own packed position for speed (a generic position is far too slow for these searches) and fulfils
 * this interface; the strategies (depth-first, best-first), budgets and tables are shared.
 *
 * Moves are 32-bit integers the domain defines. A search applies a move, then the forced moves that follow it
 * (the automatic moves the domain was built to make, and any other move the domain proves never wrong to make at
 * once), and later undoes them all in reverse order.
 */
export interface SearchDomain<S, M> {
  /** Words of the canonical key: positions the rules cannot tell apart (symmetries) encode alike. */
  readonly keyWords: number;
  /** An upper bound on the moves `generate` plus `forced` write for one position. */
  readonly maxMoves: number;
  /** Sets the position from an engine state. */
  load(state: S): void;
  /** Appends the moves of `mode` (a domain-defined move set) in the position to `out` from `at`; returns the end. */
  generate(mode: number, out: Int32Array, at: number): number;
  apply(move: number): void;
  /** Takes back `move`, which must be the last move applied and not yet undone. */
  undo(move: number): void;
  /**
   * Applies the forced moves after `move` (or in the position as loaded, when `move` is -1), writing them to
   * `out` from `at`; returns the end. The caller undoes them in reverse before undoing `move`.
   */
  forced(move: number, out: Int32Array, at: number): number;
  isWon(): boolean;
  /** A 32-bit hash of the canonical key. */
  hash(): number;
  /** Writes the canonical key (`keyWords` words) to `out` from 0. */
  encode(out: Uint32Array): void;
  /** The engine's move for `move` in the current position (before it is applied). */
  toMove(move: number): M;
  /**
   * The engine's moves for `move` in the current position, for a domain whose moves may stand for several
   * engine moves played at once (pathMoves uses it when present).
   */
  toMoves?(move: number): M[];
  /**
   * Set when `toMove` and `toMoves` read nothing of the position (the move's number says it all): the moves
   * can then be named after they are played.
   */
  readonly plainMoves?: boolean;
}

/**
 * A domain a best-first search can use: positions are stored and taken up again later, and moves are named so
 * that they mean the same in every symmetric form of a position.
 */
export interface ResumableDomain<S, M, W> extends SearchDomain<S, M> {
  /** Sets the position from a key `encode` wrote, found at `words[at..]`. */
  decode(words: Uint32Array, at: number): void;
  /** A second 32-bit hash of the canonical key, independent of `hash`. */
  hash2(): number;
  /** `hash()`, leaving `hash2()` in `hash2Value`: both in one pass. */
  hashBoth(): number;
  readonly hash2Value: number;
  /**
   * Words of a raw record: the position in whatever order is cheapest to copy (not a key: one position may be
   * written in several ways). Searches that trust a 64-bit hash for identity store raw records beside it.
   */
  readonly rawWords: number;
  encodeRaw(out: Uint32Array, at: number): void;
  decodeRaw(words: Uint32Array, at: number): void;
  /** A move named by what it does (the cards), not by where the piles happen to lie. */
  moveCode(move: number): number;
  /** The move a code names in the current position. */
  codeToMove(code: number): number;
  /** The heuristic: lower is expanded first. */
  score(weights: W, depth: number): number;
  /**
   * Optional: for a move after which no forced move follows and whose effect is simple, the child's two hashes
   * and score (`hash()`, `hash2Value` and `score(weights, depth)` as they would be after it), left in
   * `peekHash`, `peekHash2` and `peekScore` without making the move; false for any other move.
   */
  peekChild?(move: number, weights: W, depth: number): boolean;
  readonly peekHash?: number;
  readonly peekHash2?: number;
  readonly peekScore?: number;
}

/**
 * The engine's moves along a path of packed moves played from `root`, forced moves written out: the shape every
 * solver returns (a verifier replays them with no automatic moves).
 */
export function pathMoves<S, M>(domain: SearchDomain<S, M>, root: S, path: readonly number[]): M[] {
  return playPath(domain, root, path.length, (k) => path[k]);
}

/** The engine's moves for move codes (see `moveCode`) played from `root`, forced moves written out. */
export function codeMoves<S, M, W>(domain: ResumableDomain<S, M, W>, root: S, codes: readonly number[]): M[] {
  return playPath(domain, root, codes.length, (k) => domain.codeToMove(codes[k]));
}

/**
 * The engine's moves for packed moves made one after another from the root, forced moves among them (a best-first
 * search's `line`), for a domain whose moves read nothing of the position (`plainMoves`): no move is played again.
 */
export function lineMoves<S, M>(domain: SearchDomain<S, M>, line: Int32Array): M[] {
  if (!domain.plainMoves) throw new RangeError("only a domain with plain moves names moves it does not play");
  const out: M[] = [];
  for (let k = 0; k < line.length; k++) {
    if (domain.toMoves) {
      const moves = domain.toMoves(line[k]);
      for (let i = 0; i < moves.length; i++) out.push(moves[i]);
    } else out.push(domain.toMove(line[k]));
  }
  return out;
}

/** The forced moves' buffer of `playPath`, kept from call to call (a fresh one is 8 KB zeroed a solve). */
let scratch = new Int32Array(0);

/**
 * Plays `count` moves from `root` in one pass, each named by `moveAt` in the position it is played in, and
 * returns the engine's moves with the forced moves written out; the domain is left in the last position.
 */
function playPath<S, M>(
  domain: SearchDomain<S, M>,
  root: S,
  count: number,
  moveAt: (k: number) => number,
): M[] {
  const out: M[] = [];
  const size = Math.max(64, domain.maxMoves * 2);
  if (scratch.length < size) scratch = new Int32Array(size);
  const buffer = scratch;
  domain.load(root);
  playForced(domain, -1, buffer, out);
  for (let k = 0; k < count; k++) {
    const move = moveAt(k);
    if (domain.toMoves) {
      const moves = domain.toMoves(move);
      for (let i = 0; i < moves.length; i++) out.push(moves[i]);
    } else out.push(domain.toMove(move));
    domain.apply(move);
    playForced(domain, move, buffer, out);
  }
  return out;
}

/**
 * Makes the forced moves after `after`, appending the engine's moves to `out`. A domain whose `toMove` reads
 * nothing of the position names them as `forced` wrote them; another takes them back and plays them again one
 * by one, naming each in the position it is played in.
 */
function playForced<S, M>(domain: SearchDomain<S, M>, after: number, buffer: Int32Array, out: M[]): void {
  const end = domain.forced(after, buffer, 0);
  if (domain.plainMoves) {
    for (let i = 0; i < end; i++) out.push(domain.toMove(buffer[i]));
    return;
  }
  for (let i = end - 1; i >= 0; i--) domain.undo(buffer[i]);
  for (let i = 0; i < end; i++) {
    out.push(domain.toMove(buffer[i]));
    domain.apply(buffer[i]);
  }
}
