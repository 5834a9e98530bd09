/**
 * Head swaps under free twos (docs/montana.md, "Head swaps"): a 2 moving from the first column to a first-column
 * gap. Some shortest win of every winnable position plays each head swap just before a move that depends on it, so
 * the search may play a run of head swaps only together with the move that uses it: a 2 from outside the first
 * column into a first-column gap, or a 3 to the right of its 2 at a row's head. Such a run rearranges the 2s and
 * gaps of the first column; any arrangement is reachable (any 2 may go to any gap), so a run is named by the
 * arrangement it leaves: a permutation of the rows' heads.
 *
 * A permutation `perm` of the four rows is packed in 8 bits, 2 a row: the head row r gets is the one row
 * `perm >> (2 * r) & 3` had. Only rows headed by a 2 or a gap take part; the others map to themselves.
 */

/** Every permutation of 0..n-1 for n up to 4, packed as above (row r's source in bits 2r..2r+1). */
const PERMS: readonly (readonly number[])[] = [0, 1, 2, 3, 4].map((n) => {
  const out: number[] = [];
  const rest = (prefix: number[]) => {
    if (prefix.length === n) {
      out.push(prefix.reduce((acc, v, i) => acc | (v << (2 * i)), 0));
      return;
    }
    for (let v = 0; v < n; v++) if (!prefix.includes(v)) rest([...prefix, v]);
  };
  rest([]);
  return out;
});

export const IDENTITY = 0b11_10_01_00;

/** The source row of row r under a packed permutation. */
export const sourceOf = (perm: number, r: number): number => (perm >> (2 * r)) & 3;

/** The permutation that exchanges the heads of rows a and b. */
export function transposition(a: number, b: number): number {
  return (IDENTITY & ~(3 << (2 * a)) & ~(3 << (2 * b))) | (b << (2 * a)) | (a << (2 * b));
}

/** The inverse of a packed permutation of the four rows. */
export function inverse(perm: number): number {
  let inv = 0;
  for (let r = 0; r < 4; r++) inv |= r << (2 * sourceOf(perm, r));
  return inv;
}

/**
 * The arrangements of the first column a run of head swaps can leave, as packed permutations of the rows (each
 * arrangement once, the present one left out). `heads[r]` is the card heading row r (a 2 is 4..7, a gap -1, any
 * other card stays). Empty when no 2 heads a row or no first-column place is a gap: then there is no head swap.
 */
export function arrangements(heads: ArrayLike<number>, out: number[]): number {
  out.length = 0;
  const rows: number[] = [];
  let twos = 0;
  let gaps = 0;
  for (let r = 0; r < 4; r++) {
    const v = heads[r];
    if (v === -1) gaps++;
    else if (v >= 4 && v < 8) twos++;
    else continue;
    rows.push(r);
  }
  if (twos === 0 || gaps === 0) return 0;
  const seen = new Set<number>();
  seen.add(arrangementCode(heads, IDENTITY));
  for (const local of PERMS[rows.length]) {
    let perm = IDENTITY;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const from = rows[(local >> (2 * i)) & 3];
      perm = (perm & ~(3 << (2 * r))) | (from << (2 * r));
    }
    const code = arrangementCode(heads, perm);
    if (seen.has(code)) continue;
    seen.add(code);
    out.push(perm);
  }
  return out.length;
}

/** The heads a permutation leaves, as one number (gaps alike, whichever row they came from). */
function arrangementCode(heads: ArrayLike<number>, perm: number): number {
  let code = 0;
  for (let r = 0; r < 4; r++) code = code * 64 + (heads[sourceOf(perm, r)] + 1);
  return code;
}

/**
 * Head swaps that turn `heads` into the arrangement `perm` leaves, as [card, row] pairs (the 2 and the row whose
 * first-column gap it fills), in order. Each fills a gap; a gap to stay a gap is filled only to free a 2's place.
 */
export function swapsFor(heads: ArrayLike<number>, perm: number): [number, number][] {
  const cur = Array.from({ length: 4 }, (_, r) => heads[r]);
  const target = Array.from({ length: 4 }, (_, r) => heads[sourceOf(perm, r)]);
  const swaps: [number, number][] = [];
  for (let guard = 0; guard < 16; guard++) {
    if (cur.every((v, r) => v === target[r])) return swaps;
    // A gap whose target is a 2: bring that 2 there.
    let done = false;
    for (let g = 0; g < 4 && !done; g++) {
      if (cur[g] !== -1 || target[g] === -1) continue;
      const from = cur.indexOf(target[g]);
      swaps.push([target[g], g]);
      cur[g] = target[g];
      cur[from] = -1;
      done = true;
    }
    if (done) continue;
    // Every gap is to stay one: move a misplaced 2 into a gap, which frees its place.
    const g = cur.indexOf(-1);
    const from = cur.findIndex((v, r) => v !== target[r] && v !== -1);
    swaps.push([cur[from], g]);
    cur[g] = cur[from];
    cur[from] = -1;
  }
  throw new Error("internal error: no head swaps reach the arrangement");
}

const openRowList = new Int32Array(4);

/**
 * After the entry (docs/montana.md, "Open heads"): an arrangement of the open heads (the rows of `open`, a bit a row)
 * that brings the 2 heading row `from` to row `to` and puts no other open 2 beside its own 3 (`seconds[r]` is the
 * card in row r's second place), as a packed permutation: the identity when `from` is `to`, -1 when there is none.
 */
export function openArrangement(
  heads: ArrayLike<number>,
  seconds: ArrayLike<number>,
  open: number,
  to: number,
  from: number,
): number {
  if (from === to) return IDENTITY;
  const rows = openRowList;
  let n = 0;
  for (let r = 0; r < 4; r++) if ((open & (1 << r)) !== 0) rows[n++] = r;
  for (const local of PERMS[n]) {
    let perm = IDENTITY;
    let ok = true;
    for (let i = 0; i < n && ok; i++) {
      const r = rows[i];
      const source = rows[(local >> (2 * i)) & 3];
      perm = (perm & ~(3 << (2 * r))) | (source << (2 * r));
      ok = r === to ? source === from : seconds[r] !== heads[source] + 4;
    }
    if (ok) return perm;
  }
  return -1;
}
