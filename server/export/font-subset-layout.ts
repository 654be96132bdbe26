/**
 * GSUB and GPOS for a subset that keeps glyph ids (font-subset.ts): which glyphs a word's characters can become (the
 * GSUB closure), and a copy of each table pruned to the kept glyphs, where everything nothing reaches any more is zeroed
 * so it deflates to almost nothing while every offset that remains still points where it did.
 *
 * Pruning never moves a structure, it only shrinks structures where they are: subtables that cannot act on the kept
 * glyphs leave their lookup (an emptied lookup stays, so lookup indices do not move), coverage tables shrink to the
 * kept glyphs when the smaller form fits in place and every array indexed by them shrinks with them, and rules,
 * ligatures and kerning pairs go when no single word holds their glyphs (nothing reaches across white space but a
 * rule's context). Anything this code does not know (feature parameters, feature variations, an unknown format)
 * keeps the table as it was: larger, never wrong. The tests shape every run of the exports with the subset and the
 * whole face and compare glyphs, positions and outlines.
 */

class Table {
  /** The table as the font has it: every read is from here, so rewriting `data` never confuses a later read. */
  private readonly source: Buffer;
  /** The copy being pruned (created on the first write or mark). */
  private output: Buffer | null = null;
  private liveBytes: Uint8Array | null = null;
  private readonly coverages = new Map<number, number[]>();
  private readonly classDefs = new Map<number, Map<number, number>>();

  constructor(source: Buffer) {
    this.source = source;
  }

  get length(): number {
    return this.source.length;
  }

  get data(): Buffer {
    this.output ??= Buffer.from(this.source);
    return this.output;
  }

  get live(): Uint8Array {
    this.liveBytes ??= new Uint8Array(this.source.length);
    return this.liveBytes;
  }

  u16(offset: number): number {
    return this.source.readUInt16BE(offset);
  }

  i16(offset: number): number {
    return this.source.readInt16BE(offset);
  }

  u32(offset: number): number {
    return this.source.readUInt32BE(offset);
  }

  write16(offset: number, value: number) {
    this.data.writeUInt16BE(value, offset);
  }

  /** Copies `length` bytes of the original from `from` to `to` in the copy. */
  move(from: number, to: number, length: number) {
    if (from !== to) this.source.copy(this.data, to, from, from + length);
  }

  mark(offset: number, length: number) {
    if (offset < 0 || offset + length > this.source.length) throw new Error('Layout table offset out of bounds');
    this.live.fill(1, offset, offset + length);
  }

  /** The glyph at each coverage index. */
  coverage(offset: number): number[] {
    let glyphs = this.coverages.get(offset);
    if (glyphs) return glyphs;
    glyphs = [];
    const format = this.u16(offset);
    const count = this.u16(offset + 2);
    if (format === 1) {
      for (let i = 0; i < count; i++) glyphs.push(this.u16(offset + 4 + 2 * i));
    } else if (format === 2) {
      for (let i = 0; i < count; i++) {
        const record = offset + 4 + 6 * i;
        const start = this.u16(record);
        const end = this.u16(record + 2);
        const index = this.u16(record + 4);
        for (let glyph = start; glyph <= end; glyph++) glyphs[index + glyph - start] = glyph;
      }
    } else throw new Error(`Unknown coverage format ${format}`);
    this.coverages.set(offset, glyphs);
    return glyphs;
  }

  markCoverage(offset: number) {
    const format = this.u16(offset);
    this.mark(offset, 4 + this.u16(offset + 2) * (format === 1 ? 2 : 6));
  }

  /** Glyph → class; glyphs not listed are class 0. */
  classDef(offset: number): Map<number, number> {
    let classes = this.classDefs.get(offset);
    if (classes) return classes;
    classes = new Map();
    if (offset !== 0) {
      const format = this.u16(offset);
      if (format === 1) {
        const start = this.u16(offset + 2);
        const count = this.u16(offset + 4);
        for (let i = 0; i < count; i++) classes.set(start + i, this.u16(offset + 6 + 2 * i));
      } else if (format === 2) {
        const count = this.u16(offset + 2);
        for (let i = 0; i < count; i++) {
          const record = offset + 4 + 6 * i;
          for (let glyph = this.u16(record); glyph <= this.u16(record + 2); glyph++) classes.set(glyph, this.u16(record + 4));
        }
      } else throw new Error(`Unknown class definition format ${format}`);
    }
    this.classDefs.set(offset, classes);
    return classes;
  }

  markClassDef(offset: number) {
    if (offset === 0) return;
    const format = this.u16(offset);
    if (format === 1) this.mark(offset, 6 + 2 * this.u16(offset + 4));
    else this.mark(offset, 4 + 6 * this.u16(offset + 2));
  }
}

interface Subtable {
  /** Where the lookup's offset points (an extension subtable when the lookup is an extension). */
  offset: number;
  /** The subtable itself, past any extension. */
  target: number;
  type: number;
}

interface Lookup {
  offset: number;
  type: number;
  subtables: Subtable[];
}

/** Lookup type of the extension wrapper: 7 in GSUB, 9 in GPOS. */
const EXTENSION = { GSUB: 7, GPOS: 9 } as const;
type LayoutTag = keyof typeof EXTENSION;

function readLookups(table: Table, tag: LayoutTag): Lookup[] {
  const list = table.u16(8);
  const lookups: Lookup[] = [];
  for (let i = 0; i < table.u16(list); i++) {
    const offset = list + table.u16(list + 2 + 2 * i);
    const type = table.u16(offset);
    const subtables: Subtable[] = [];
    for (let s = 0; s < table.u16(offset + 4); s++) {
      const sub = offset + table.u16(offset + 6 + 2 * s);
      if (type === EXTENSION[tag]) subtables.push({ offset: sub, target: sub + table.u32(sub + 4), type: table.u16(sub + 2) });
      else subtables.push({ offset: sub, target: sub, type });
    }
    lookups.push({ offset, type: subtables[0]?.type ?? type, subtables });
  }
  return lookups;
}

/** The lookups the features use directly (the others are only called from contextual rules). */
function featureLookups(table: Table): Set<number> {
  const list = table.u16(6);
  const used = new Set<number>();
  for (let i = 0; i < table.u16(list); i++) {
    const feature = list + table.u16(list + 2 + 6 * i + 4);
    for (let l = 0; l < table.u16(feature + 2); l++) used.add(table.u16(feature + 4 + 2 * l));
  }
  return used;
}

// ─── Contextual rules, shared by GSUB 5/6 and GPOS 7/8 ───────────────────────────────────────────────────────────────

function lookupRecords(table: Table, offset: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    sequenceIndex: table.u16(offset + 4 * i),
    lookupIndex: table.u16(offset + 4 * i + 2),
  }));
}

// ─── The GSUB closure ───────────────────────────────────────────────────────────────────────────────────────────────

/** What one position of a contextual rule accepts. */
type Position = { glyph: number } | { coverage: ReadonlySet<number> } | { classes: ReadonlyMap<number, number>; cls: number };

/** Whether a glyph of `pool` can stand at the position; a null pool is every glyph. */
function admits(position: Position, pool: ReadonlySet<number> | null): boolean {
  if (pool === null) return true;
  if ('glyph' in position) return pool.has(position.glyph);
  for (const glyph of pool) {
    if ('coverage' in position ? position.coverage.has(glyph) : (position.classes.get(glyph) ?? 0) === position.cls) return true;
  }
  return false;
}

/**
 * Whether backtrack or lookahead positions (nearest first) can be filled from the word's glyphs. A substitution never
 * reaches across white space, but its context may: once a position could be white space, the text beyond may be
 * another word, so from there on any glyph of `beyond` (null: any glyph) will do.
 */
function contextFits(
  positions: readonly Position[],
  word: ReadonlySet<number>,
  spaces: ReadonlySet<number>,
  beyond: ReadonlySet<number> | null,
) {
  let crossed = false;
  for (const position of positions) {
    if (crossed) {
      if (!admits(position, beyond)) return false;
      continue;
    }
    const space = admits(position, spaces);
    if (!space && !admits(position, word)) return false;
    crossed = space;
  }
  return true;
}

interface ParsedRule {
  backtrack: Position[];
  /** The positions after the first (the first is the glyph the rule is filed under). */
  input: Position[];
  lookahead: Position[];
  records: { sequenceIndex: number; lookupIndex: number }[];
}

/** A substitution subtable decoded once per face, keyed by the glyph at its first input position. */
type Parsed =
  | { kind: 'replace'; out: Map<number, number[]> }
  | { kind: 'ligature'; out: Map<number, { glyph: number; components: number[] }[]> }
  | { kind: 'context'; rules: Map<number, ParsedRule[]> };

/** A contextual subtable's position kinds: which class definition (or none) each sequence's values refer to. */
function classDefsOf(table: Table, o: number, chained: boolean): [Map<number, number>, Map<number, number>, Map<number, number>] {
  const at = (offset: number) => table.classDef(table.u16(offset) === 0 ? 0 : o + table.u16(offset));
  return chained ? [at(o + 4), at(o + 6), at(o + 8)] : [new Map(), at(o + 4), new Map()];
}

/** Every rule of a (chaining) contextual subtable, filed under each glyph that can start it. */
function parseRules(table: Table, o: number, chained: boolean): Map<number, ParsedRule[]> {
  const rules = new Map<number, ParsedRule[]>();
  const file = (glyph: number, rule: ParsedRule) => {
    const list = rules.get(glyph);
    if (list) list.push(rule);
    else rules.set(glyph, [rule]);
  };
  const format = table.u16(o);
  if (format === 3) {
    const { first, rule } = coverageRule(table, o, chained);
    for (const glyph of first) file(glyph, rule);
    return rules;
  }
  const covered = table.coverage(o + table.u16(o + 2));
  if (format === 1) {
    const count = table.u16(o + 4);
    const glyph = (value: number): Position => ({ glyph: value });
    for (let index = 0; index < count && index < covered.length; index++) {
      const ruleSet = table.u16(o + 6 + 2 * index);
      if (ruleSet === 0) continue;
      forEachRule(table, o + ruleSet, chained, (backtrack, input, lookahead, records) =>
        file(covered[index]!, { backtrack: backtrack.map(glyph), input: input.map(glyph), lookahead: lookahead.map(glyph), records }),
      );
    }
    return rules;
  }
  if (format === 2) {
    const [backtrackClasses, inputClasses, lookaheadClasses] = classDefsOf(table, o, chained);
    const countAt = chained ? o + 10 : o + 6;
    const sets = new Map<number, ParsedRule[]>();
    for (let cls = 0; cls < table.u16(countAt); cls++) {
      const ruleSet = table.u16(countAt + 2 + 2 * cls);
      if (ruleSet === 0) continue;
      const list: ParsedRule[] = [];
      forEachRule(table, o + ruleSet, chained, (backtrack, input, lookahead, records) =>
        list.push({
          backtrack: backtrack.map((c) => ({ classes: backtrackClasses, cls: c })),
          input: input.map((c) => ({ classes: inputClasses, cls: c })),
          lookahead: lookahead.map((c) => ({ classes: lookaheadClasses, cls: c })),
          records,
        }),
      );
      sets.set(cls, list);
    }
    for (const glyph of covered) for (const rule of sets.get(inputClasses.get(glyph) ?? 0) ?? []) file(glyph, rule);
    return rules;
  }
  throw new Error(`Unknown contextual format ${format}`);
}

/** A format 3 (coverage-based) contextual subtable: its first coverage and its one rule. */
function coverageRule(table: Table, o: number, chained: boolean): { first: number[]; rule: ParsedRule; size: number } {
  let position = o + 2;
  const coverages = (count: number, at: number) =>
    Array.from({ length: count }, (_, i) => ({ coverage: new Set(table.coverage(o + table.u16(at + 2 * i))) }) as Position);
  if (!chained) {
    const glyphCount = table.u16(o + 2);
    const lookupCount = table.u16(o + 4);
    const input = coverages(glyphCount, o + 6);
    return {
      first: table.coverage(o + table.u16(o + 6)),
      rule: { backtrack: [], input: input.slice(1), lookahead: [], records: lookupRecords(table, o + 6 + 2 * glyphCount, lookupCount) },
      size: 6 + 2 * glyphCount + 4 * lookupCount,
    };
  }
  const read = () => {
    const count = table.u16(position);
    const list = coverages(count, position + 2);
    const firstOffset = count > 0 ? o + table.u16(position + 2) : -1;
    position += 2 + 2 * count;
    return { list, firstOffset };
  };
  const backtrack = read();
  const input = read();
  const lookahead = read();
  const lookupCount = table.u16(position);
  return {
    first: input.firstOffset < 0 ? [] : table.coverage(input.firstOffset),
    rule: {
      backtrack: backtrack.list,
      input: input.list.slice(1),
      lookahead: lookahead.list,
      records: lookupRecords(table, position + 2, lookupCount),
    },
    size: position - o + 2 + 4 * lookupCount,
  };
}

/** Calls `each` with the values (glyphs or classes) of every rule of a rule set, and the rule's offset and size. */
function forEachRule(
  table: Table,
  ruleSet: number,
  chained: boolean,
  each: (backtrack: number[], input: number[], lookahead: number[], records: ParsedRule['records'], rule: number, size: number) => void,
) {
  for (let r = 0; r < table.u16(ruleSet); r++) {
    const rule = ruleSet + table.u16(ruleSet + 2 + 2 * r);
    if (!chained) {
      const glyphCount = table.u16(rule);
      const lookupCount = table.u16(rule + 2);
      const input = Array.from({ length: glyphCount - 1 }, (_, i) => table.u16(rule + 4 + 2 * i));
      const recordsAt = rule + 4 + 2 * (glyphCount - 1);
      each([], input, [], lookupRecords(table, recordsAt, lookupCount), rule, recordsAt - rule + 4 * lookupCount);
      continue;
    }
    let position = rule;
    const read = (count: number) => {
      const values = Array.from({ length: count }, (_, i) => table.u16(position + 2 + 2 * i));
      position += 2 + 2 * count;
      return values;
    };
    const backtrack = read(table.u16(position));
    const input = read(table.u16(position) - 1);
    const lookahead = read(table.u16(position));
    const lookupCount = table.u16(position);
    each(backtrack, input, lookahead, lookupRecords(table, position + 2, lookupCount), rule, position - rule + 2 + 4 * lookupCount);
  }
}

function parseSubstitution(table: Table, type: number, o: number): Parsed {
  if (type === 5 || type === 6) return { kind: 'context', rules: parseRules(table, o, type === 6) };
  const covered = table.coverage(o + table.u16(o + 2));
  const format = table.u16(o);
  if (type === 4) {
    const out = new Map<number, { glyph: number; components: number[] }[]>();
    covered.forEach((glyph, i) => {
      const set = o + table.u16(o + 6 + 2 * i);
      const ligatures = Array.from({ length: table.u16(set) }, (_, k) => {
        const ligature = set + table.u16(set + 2 + 2 * k);
        const components = Array.from({ length: table.u16(ligature + 2) - 1 }, (_, m) => table.u16(ligature + 4 + 2 * m));
        return { glyph: table.u16(ligature), components };
      });
      out.set(glyph, ligatures);
    });
    return { kind: 'ligature', out };
  }
  const out = new Map<number, number[]>();
  if (type === 8) {
    let position = o + 4;
    position += 2 + 2 * table.u16(position);
    position += 2 + 2 * table.u16(position);
    covered.forEach((glyph, i) => out.set(glyph, [table.u16(position + 2 + 2 * i)]));
    return { kind: 'replace', out };
  }
  covered.forEach((glyph, i) => {
    if (type === 1) out.set(glyph, [format === 1 ? (glyph + table.i16(o + 4)) & 0xffff : table.u16(o + 6 + 2 * i)]);
    else {
      const child = o + table.u16(o + 6 + 2 * i);
      out.set(
        glyph,
        Array.from({ length: table.u16(child) }, (_, k) => table.u16(child + 2 + 2 * k)),
      );
    }
  });
  if (type !== 1 && type !== 2 && type !== 3) throw new Error(`Unknown GSUB lookup type ${type}`);
  return { kind: 'replace', out };
}

function candidates(position: Position, set: ReadonlySet<number>): number[] {
  if ('glyph' in position) return set.has(position.glyph) ? [position.glyph] : [];
  if ('coverage' in position) return [...set].filter((glyph) => position.coverage.has(glyph));
  return [...set].filter((glyph) => (position.classes.get(glyph) ?? 0) === position.cls);
}

/**
 * Every glyph GSUB can make of a word's glyphs, to a fixed point: a superset of what any shaper draws for that word.
 * Closing over each word on its own, rather than over all the characters at once, is what keeps Devanagari small:
 * conjuncts only form inside a word, and a page of Hindi holds a few dozen of the hundreds its letters could make.
 */
export class GsubClosure {
  private readonly table: Table;
  private readonly lookups: { type: number; subtables: Parsed[] }[];
  /** For each glyph, the lookups used by features that have a subtable starting with it. */
  private readonly starting = new Map<number, number[]>();
  /** `spaces` are the glyphs of white space, where a rule's context may reach into the next word. */
  constructor(
    gsub: Buffer,
    private readonly spaces: ReadonlySet<number>,
  ) {
    this.table = new Table(gsub);
    const lookups = readLookups(this.table, 'GSUB');
    this.lookups = lookups.map((lookup) => ({
      type: lookup.type,
      subtables: lookup.subtables.map((sub) => parseSubstitution(this.table, sub.type, sub.target)),
    }));
    const direct = [...featureLookups(this.table)].filter((index) => index < lookups.length).sort((a, b) => a - b);
    for (const index of direct) {
      for (const parsed of this.lookups[index]!.subtables) {
        for (const glyph of parsed.kind === 'context' ? parsed.rules.keys() : parsed.out.keys()) {
          const list = this.starting.get(glyph);
          if (!list) this.starting.set(glyph, [index]);
          else if (list.at(-1) !== index) list.push(index);
        }
      }
    }
  }

  /** `seed` (a word's glyphs) with everything the features can substitute for them. */
  close(seed: Iterable<number>): Set<number> {
    const set = new Set(seed);
    for (let grew = true; grew;) {
      const before = set.size;
      const due = new Set<number>();
      for (const glyph of set) for (const index of this.starting.get(glyph) ?? []) due.add(index);
      for (const index of [...due].sort((a, b) => a - b)) this.apply(index, set, null, null, 0);
      grew = set.size > before;
    }
    return set;
  }

  private apply(index: number, set: Set<number>, only: ReadonlySet<number> | null, produced: Set<number> | null, depth: number) {
    const lookup = this.lookups[index];
    if (!lookup || depth > 8) return;
    const add = (glyph: number) => {
      set.add(glyph);
      produced?.add(glyph);
    };
    const inputs = [...(only ?? set)].filter((glyph) => set.has(glyph));
    for (const parsed of lookup.subtables) {
      for (const glyph of inputs) {
        if (parsed.kind === 'replace') {
          for (const out of parsed.out.get(glyph) ?? []) add(out);
        } else if (parsed.kind === 'ligature') {
          for (const ligature of parsed.out.get(glyph) ?? []) if (ligature.components.every((c) => set.has(c))) add(ligature.glyph);
        } else {
          for (const rule of parsed.rules.get(glyph) ?? []) this.applyRule(glyph, rule, set, produced, depth);
        }
      }
    }
  }

  private applyRule(first: number, rule: ParsedRule, set: Set<number>, produced: Set<number> | null, depth: number) {
    if (!contextFits(rule.backtrack, set, this.spaces, null) || !contextFits(rule.lookahead, set, this.spaces, null)) return;
    const positions = [new Set([first]), ...rule.input.map((position) => new Set(candidates(position, set)))];
    if (positions.some((glyphs) => glyphs.size === 0)) return;
    // A multiple or ligature substitution moves the positions after it: later calls get every glyph.
    let shifted = false;
    for (const record of rule.records) {
      const at = positions[record.sequenceIndex];
      const made = new Set<number>();
      this.apply(record.lookupIndex, set, shifted || !at ? null : at, made, depth + 1);
      for (const glyph of made) {
        at?.add(glyph);
        produced?.add(glyph);
      }
      const type = this.lookups[record.lookupIndex]?.type;
      if (type !== 1 && type !== 3) shifted = true;
    }
  }
}

// ─── Pruning GSUB and GPOS for the kept glyphs ──────────────────────────────────────────────────────────────────────

function valueRecordSize(format: number): number {
  let size = 0;
  for (let bit = 0; bit < 8; bit++) if (format & (1 << bit)) size += 2;
  return size;
}

function markDevice(table: Table, offset: number) {
  const format = table.u16(offset + 4);
  if (format >= 1 && format <= 3) {
    const count = table.u16(offset + 2) - table.u16(offset) + 1;
    table.mark(offset, 6 + 2 * Math.ceil((count * (2 << (format - 1))) / 16));
  } else table.mark(offset, 6);
}

/** A value record's device tables (offsets from `base`). */
function markValueDevices(table: Table, base: number, record: number, format: number) {
  let position = record;
  for (let bit = 0; bit < 8; bit++) {
    if (!(format & (1 << bit))) continue;
    if (bit >= 4) {
      const device = table.u16(position);
      if (device !== 0) markDevice(table, base + device);
    }
    position += 2;
  }
}

function markAnchor(table: Table, offset: number) {
  const format = table.u16(offset);
  if (format === 1) table.mark(offset, 6);
  else if (format === 2) table.mark(offset, 8);
  else if (format === 3) {
    table.mark(offset, 10);
    for (const at of [offset + 6, offset + 8]) if (table.u16(at) !== 0) markDevice(table, offset + table.u16(at));
  } else throw new Error(`Unknown anchor format ${format}`);
}

/** Marks the anchors at the offsets (0 = none) stored at `at`, relative to `base`. */
function markAnchors(table: Table, base: number, at: number, count: number) {
  for (let i = 0; i < count; i++) {
    const anchor = table.u16(at + 2 * i);
    if (anchor !== 0) markAnchor(table, base + anchor);
  }
}

/**
 * Rewrites one table in place for the kept glyphs. Coverage tables shrink to the kept glyphs (when the smaller form
 * fits where the old one was), and every array indexed by a coverage shrinks with it; arrays shared by several
 * subtables are rewritten the same way each time, since the result only depends on the kept glyphs.
 */
class Pruner {
  /** Per coverage offset: the coverage indices kept, in order; null when the coverage stays as it was. */
  private readonly coverageKept = new Map<number, number[] | null>();
  /** Arrays indexed by a coverage, with the coverage they were compacted for: sharing across two coverages is refused. */
  private readonly arraysCompacted = new Map<number, number>();
  private readonly subtablesDone = new Set<number>();
  /** For each filtered list, what each structure that reaches it wants kept. */
  private readonly listUsers = new Map<number, ((index: number) => boolean)[]>();

  /**
   * `words` are the glyph sets of each word (their union is `set`): an input sequence, a ligature or a pair is kept only
   * when one word can hold all of its glyphs, since a substitution or a pair never reaches across white space.
   */
  constructor(
    readonly table: Table,
    readonly tag: LayoutTag,
    readonly set: ReadonlySet<number>,
    readonly words: readonly ReadonlySet<number>[],
    readonly spaces: ReadonlySet<number>,
  ) {}

  private contextual(type: number): boolean {
    return this.tag === 'GSUB' ? type === 5 || type === 6 : type === 7 || type === 8;
  }

  private chained(type: number): boolean {
    return this.tag === 'GSUB' ? type === 6 : type === 8;
  }

  /** True when one word can start the rule (`first`) and fill its input, with its context possible around it. */
  private ruleFits(first: (word: ReadonlySet<number>) => boolean, rule: Omit<ParsedRule, 'records'>): boolean {
    return this.words.some(
      (word) =>
        first(word) &&
        rule.input.every((position) => admits(position, word)) &&
        contextFits(rule.backtrack, word, this.spaces, this.set) &&
        contextFits(rule.lookahead, word, this.spaces, this.set),
    );
  }

  /** True when the subtable can act on the kept glyphs: every position it needs can hold one. */
  applies(type: number, o: number): boolean {
    const table = this.table;
    const any = (coverage: number) => table.coverage(coverage).some((glyph) => this.set.has(glyph));
    if (this.contextual(type)) {
      if (table.u16(o) !== 3) return any(o + table.u16(o + 2));
      const { first, rule } = coverageRule(table, o, this.chained(type));
      return this.ruleFits((word) => first.some((glyph) => word.has(glyph)), rule);
    }
    if (this.tag === 'GPOS' && type >= 4 && type <= 6) return any(o + table.u16(o + 2)) && any(o + table.u16(o + 4));
    if (this.tag === 'GSUB' && type === 8) {
      if (!any(o + table.u16(o + 2))) return false;
      let position = o + 4;
      for (let side = 0; side < 2; side++) {
        const count = table.u16(position);
        for (let i = 0; i < count; i++) if (!any(o + table.u16(position + 2 + 2 * i))) return false;
        position += 2 + 2 * count;
      }
      return true;
    }
    return any(o + table.u16(o + 2));
  }

  private has(glyph: number | undefined): boolean {
    return glyph !== undefined && this.set.has(glyph);
  }

  /** Shrinks the coverage at `offset` to the kept glyphs if that fits; returns the kept indices, or null if unchanged. */
  coverage(offset: number): number[] | null {
    if (this.coverageKept.has(offset)) return this.coverageKept.get(offset)!;
    const table = this.table;
    const glyphs = table.coverage(offset);
    const format = table.u16(offset);
    const oldSize = 4 + table.u16(offset + 2) * (format === 1 ? 2 : 6);
    const kept: number[] = [];
    glyphs.forEach((glyph, index) => this.has(glyph) && kept.push(index));
    const ranges: [number, number, number][] = [];
    for (const index of kept) {
      const glyph = glyphs[index]!;
      const last = ranges.at(-1);
      if (last && last[1] === glyph - 1) last[1] = glyph;
      else ranges.push([glyph, glyph, ranges.length === 0 ? 0 : ranges.reduce((n, r) => n + r[1] - r[0] + 1, 0)]);
    }
    const listSize = 4 + 2 * kept.length;
    const rangeSize = 4 + 6 * ranges.length;
    let result: number[] | null = null;
    if (Math.min(listSize, rangeSize) <= oldSize) {
      if (listSize <= rangeSize) {
        table.write16(offset, 1);
        table.write16(offset + 2, kept.length);
        kept.forEach((index, i) => table.write16(offset + 4 + 2 * i, glyphs[index]!));
        table.mark(offset, listSize);
      } else {
        table.write16(offset, 2);
        table.write16(offset + 2, ranges.length);
        ranges.forEach(([start, end, first], i) => {
          table.write16(offset + 4 + 6 * i, start);
          table.write16(offset + 6 + 6 * i, end);
          table.write16(offset + 8 + 6 * i, first);
        });
        table.mark(offset, rangeSize);
      }
      result = kept;
    } else table.markCoverage(offset);
    this.coverageKept.set(offset, result);
    return result;
  }

  /**
   * Compacts an array of `count` items of `size` bytes at `at` (its count stored at `countAt`) to the items `kept`
   * (null: all stay); marks what stays and returns the original indices of the items that stayed.
   */
  private compact(coverage: number, countAt: number, at: number, size: number, kept: number[] | null): number[] {
    const count = this.table.u16(countAt);
    const previous = this.arraysCompacted.get(at);
    if (previous !== undefined && previous !== coverage) throw new Error('An array is shared by two coverages');
    this.arraysCompacted.set(at, coverage);
    const stays = kept ?? Array.from({ length: count }, (_, i) => i);
    if (kept) {
      stays.forEach((index, i) => this.table.move(at + index * size, at + i * size, size));
      this.table.write16(countAt, stays.length);
    }
    this.table.mark(countAt, 2);
    this.table.mark(at, stays.length * size);
    return stays;
  }

  /** The indices of a coverage's glyphs that are kept (whether or not the coverage was rewritten). */
  private keptIndices(coverage: number): number[] {
    return this.table
      .coverage(coverage)
      .map((glyph, index) => (this.has(glyph) ? index : -1))
      .filter((index) => index >= 0);
  }

  /**
   * A parallel array of offsets (children of `base`) indexed by the coverage: children of dropped glyphs are left
   * out (or, when the coverage stays, left unmarked and so zeroed: an empty child). Calls `child` for each kept one.
   */
  private children(coverage: number, countAt: number, base: number, child: (offset: number, glyph: number) => void) {
    const kept = this.coverage(coverage);
    const at = countAt + 2;
    const stays = this.compact(coverage, countAt, at, 2, kept);
    const wanted = new Set(this.keptIndices(coverage));
    const glyphs = this.table.coverage(coverage);
    for (const index of stays) {
      const offset = this.table.u16(at + 2 * index);
      if (offset !== 0 && wanted.has(index)) child(base + offset, glyphs[index]!);
    }
  }

  /** True when one word's glyphs hold every glyph listed. */
  private inOneWord(glyphs: readonly number[]): boolean {
    return this.words.some((word) => glyphs.every((glyph) => word.has(glyph)));
  }

  /**
   * Filters the list at `list` (a count, then items of `size` bytes): an item stays when any structure that reaches
   * the list wants it. Fonts share identical lists between glyphs and subtables, so the list is rewritten from the
   * original each time another one reaches it, with everything all of them want: the order they come in does not
   * matter. `keep` marks what a kept item points to.
   */
  private filterList(list: number, size: number, wants: (index: number) => boolean, keep: (index: number) => void) {
    const users = this.listUsers.get(list) ?? [];
    users.push(wants);
    this.listUsers.set(list, users);
    const table = this.table;
    const kept: number[] = [];
    for (let index = 0; index < table.u16(list); index++) if (users.some((user) => user(index))) kept.push(index);
    kept.forEach((index, i) => table.move(list + 2 + index * size, list + 2 + i * size, size));
    table.write16(list, kept.length);
    table.mark(list, 2 + kept.length * size);
    for (const index of kept) keep(index);
  }

  /** A rule set (count, offsets to rules): rules no word can match are dropped. */
  private ruleSet(
    ruleSet: number,
    chained: boolean,
    first: (word: ReadonlySet<number>) => boolean,
    positions: (kind: 0 | 1 | 2, value: number) => Position,
  ) {
    const rules: { parsed: Omit<ParsedRule, 'records'>; rule: number; size: number }[] = [];
    forEachRule(this.table, ruleSet, chained, (backtrack, input, lookahead, _records, rule, size) => {
      const parsed = {
        backtrack: backtrack.map((value) => positions(0, value)),
        input: input.map((value) => positions(1, value)),
        lookahead: lookahead.map((value) => positions(2, value)),
      };
      rules.push({ parsed, rule, size });
    });
    this.filterList(
      ruleSet,
      2,
      (index) => this.ruleFits(first, rules[index]!.parsed),
      (index) => this.table.mark(rules[index]!.rule, rules[index]!.size),
    );
  }

  private context(o: number, chained: boolean) {
    const table = this.table;
    const format = table.u16(o);
    if (format === 3) {
      const { size } = coverageRule(table, o, chained);
      table.mark(o, size);
      let position = o + 2;
      if (!chained) {
        for (let i = 0; i < table.u16(o + 2); i++) this.coverage(o + table.u16(o + 6 + 2 * i));
        return;
      }
      for (let side = 0; side < 3; side++) {
        const count = table.u16(position);
        for (let i = 0; i < count; i++) this.coverage(o + table.u16(position + 2 + 2 * i));
        position += 2 + 2 * count;
      }
      return;
    }
    const coverage = o + table.u16(o + 2);
    if (format === 1) {
      table.mark(o, 4);
      this.children(coverage, o + 4, o, (ruleSet, glyph) =>
        this.ruleSet(
          ruleSet,
          chained,
          (word) => word.has(glyph),
          (_kind, value) => ({ glyph: value }),
        ),
      );
      return;
    }
    if (format !== 2) throw new Error(`Unknown contextual format ${format}`);
    // Class-based: the coverage only gates the first glyph; class sets are indexed by class.
    this.coverage(coverage);
    const classDefs = classDefsOf(table, o, chained);
    for (const at of chained ? [o + 4, o + 6, o + 8] : [o + 4]) if (table.u16(at) !== 0) table.markClassDef(o + table.u16(at));
    const covered = table.coverage(coverage).filter((glyph) => this.set.has(glyph));
    const countAt = chained ? o + 10 : o + 6;
    const count = table.u16(countAt);
    table.mark(o, countAt - o + 2 + 2 * count);
    for (let cls = 0; cls < count; cls++) {
      const classSet = table.u16(countAt + 2 + 2 * cls);
      if (classSet === 0) continue;
      const starts = covered.filter((glyph) => (classDefs[1].get(glyph) ?? 0) === cls);
      if (starts.length === 0) {
        // No kept glyph starts a match of this class: no class set (a null offset is allowed).
        table.write16(countAt + 2 + 2 * cls, 0);
        continue;
      }
      this.ruleSet(
        o + classSet,
        chained,
        (word) => starts.some((glyph) => word.has(glyph)),
        (kind, value) => ({ classes: classDefs[kind], cls: value }),
      );
    }
  }

  subtable(type: number, o: number) {
    if (this.subtablesDone.has(o)) return;
    this.subtablesDone.add(o);
    const table = this.table;
    const format = table.u16(o);
    if ((this.tag === 'GSUB' && (type === 5 || type === 6)) || (this.tag === 'GPOS' && (type === 7 || type === 8))) {
      this.context(o, this.tag === 'GSUB' ? type === 6 : type === 8);
      return;
    }
    const coverage = o + table.u16(o + 2);
    if (this.tag === 'GSUB') {
      switch (type) {
        case 1:
          if (format === 1) {
            table.mark(o, 6);
            this.coverage(coverage);
          } else {
            table.mark(o, 4);
            this.compact(coverage, o + 4, o + 6, 2, this.coverage(coverage));
          }
          return;
        case 2:
        case 3:
        case 4:
          table.mark(o, 4);
          this.children(coverage, o + 4, o, (child, first) => {
            const size = table.u16(child);
            if (type !== 4) {
              table.mark(child, 2 + 2 * size);
              return;
            }
            // Ligatures whose components no single word holds can never form: they leave the set.
            const ligatureAt = (k: number) => child + table.u16(child + 2 + 2 * k);
            const components = (ligature: number) => table.u16(ligature + 2) - 1;
            this.filterList(
              child,
              2,
              (k) => {
                const ligature = ligatureAt(k);
                const glyphs = Array.from({ length: components(ligature) }, (_, m) => table.u16(ligature + 4 + 2 * m));
                return this.has(table.u16(ligature)) && this.inOneWord([first, ...glyphs]);
              },
              (k) => table.mark(ligatureAt(k), 4 + 2 * components(ligatureAt(k))),
            );
          });
          return;
        case 8: {
          let position = o + 4;
          for (let side = 0; side < 2; side++) {
            const count = table.u16(position);
            for (let i = 0; i < count; i++) this.coverage(o + table.u16(position + 2 + 2 * i));
            position += 2 + 2 * count;
          }
          table.mark(o, position - o);
          this.compact(coverage, position, position + 2, 2, this.coverage(coverage));
          return;
        }
      }
      throw new Error(`Unknown GSUB lookup type ${type}`);
    }

    switch (type) {
      case 1: {
        const valueFormat = table.u16(o + 4);
        const size = valueRecordSize(valueFormat);
        if (format === 1) {
          table.mark(o, 6 + size);
          this.coverage(coverage);
          markValueDevices(table, o, o + 6, valueFormat);
          return;
        }
        table.mark(o, 6);
        const stays = this.compact(coverage, o + 6, o + 8, size, this.coverage(coverage));
        for (const index of stays) markValueDevices(table, o, o + 8 + index * size, valueFormat);
        return;
      }
      case 2: {
        const [format1, format2] = [table.u16(o + 4), table.u16(o + 6)];
        const [size1, size2] = [valueRecordSize(format1), valueRecordSize(format2)];
        if (format === 1) {
          table.mark(o, 8);
          this.children(coverage, o + 8, o, (pairSet, first) => {
            // Pairs no single word holds are left out.
            const recordSize = 2 + size1 + size2;
            const record = (p: number) => pairSet + 2 + p * recordSize;
            this.filterList(
              pairSet,
              recordSize,
              (p) => this.inOneWord([first, table.u16(record(p))]),
              (p) => {
                markValueDevices(table, pairSet, record(p) + 2, format1);
                markValueDevices(table, pairSet, record(p) + 2 + size1, format2);
              },
            );
          });
          return;
        }
        this.coverage(coverage);
        table.markClassDef(o + table.u16(o + 8));
        table.markClassDef(o + table.u16(o + 10));
        const records = table.u16(o + 12) * table.u16(o + 14);
        table.mark(o, 16 + records * (size1 + size2));
        if ((format1 | format2) & 0xf0) {
          for (let r = 0; r < records; r++) {
            const record = o + 16 + r * (size1 + size2);
            markValueDevices(table, o, record, format1);
            markValueDevices(table, o, record + size1, format2);
          }
        }
        return;
      }
      case 3: {
        table.mark(o, 4);
        const stays = this.compact(coverage, o + 4, o + 6, 4, this.coverage(coverage));
        for (const index of stays) markAnchors(table, o, o + 6 + 4 * index, 2);
        return;
      }
      case 4:
      case 5:
      case 6: {
        table.mark(o, 12);
        const classCount = table.u16(o + 6);
        const marks = o + table.u16(o + 8);
        const markStays = this.compact(o + table.u16(o + 2), marks, marks + 2, 4, this.coverage(o + table.u16(o + 2)));
        for (const index of markStays) markAnchor(table, marks + table.u16(marks + 4 + 4 * index));
        const bases = o + table.u16(o + 10);
        const baseCoverage = o + table.u16(o + 4);
        if (type !== 5) {
          const size = 2 * classCount;
          const stays = this.compact(baseCoverage, bases, bases + 2, size, this.coverage(baseCoverage));
          for (const index of stays) markAnchors(table, bases, bases + 2 + index * size, classCount);
          return;
        }
        table.mark(bases, 2);
        this.children(baseCoverage, bases, bases, (attach) => {
          const components = table.u16(attach);
          table.mark(attach, 2 + 2 * classCount * components);
          markAnchors(table, attach, attach + 2, classCount * components);
        });
        return;
      }
    }
    throw new Error(`Unknown GPOS lookup type ${type}`);
  }
}

/** ScriptList and FeatureList stay whole; a feature with parameters (not understood here) keeps the table whole. */
function markScriptsAndFeatures(table: Table) {
  const scripts = table.u16(4);
  const scriptCount = table.u16(scripts);
  table.mark(scripts, 2 + 6 * scriptCount);
  const markLangSys = (langSys: number) => table.mark(langSys, 6 + 2 * table.u16(langSys + 4));
  for (let i = 0; i < scriptCount; i++) {
    const script = scripts + table.u16(scripts + 2 + 6 * i + 4);
    const langCount = table.u16(script + 2);
    table.mark(script, 4 + 6 * langCount);
    if (table.u16(script) !== 0) markLangSys(script + table.u16(script));
    for (let l = 0; l < langCount; l++) markLangSys(script + table.u16(script + 4 + 6 * l + 4));
  }
  const features = table.u16(6);
  const featureCount = table.u16(features);
  table.mark(features, 2 + 6 * featureCount);
  for (let i = 0; i < featureCount; i++) {
    const feature = features + table.u16(features + 2 + 6 * i + 4);
    if (table.u16(feature) !== 0) throw new Error('Feature parameters are kept as they are');
    table.mark(feature, 4 + 2 * table.u16(feature + 2));
  }
}

/**
 * A copy of a GSUB or GPOS table for the glyphs in `set` (which must already hold the GSUB closure): subtables that
 * cannot touch them leave their lookups, coverage-indexed arrays shrink to them, and every byte no remaining
 * structure reaches is zeroed. Anything not understood keeps the table as it was.
 */
export function pruneLayoutTable(
  source: Buffer,
  tag: LayoutTag,
  set: ReadonlySet<number>,
  words: readonly ReadonlySet<number>[],
  spaces: ReadonlySet<number>,
): Buffer {
  try {
    const table = new Table(source);
    const minor = table.u16(2);
    if (table.u16(0) !== 1 || minor > 1) return source;
    if (minor === 1 && table.u32(10) !== 0) return source; // feature variations
    table.mark(0, minor === 1 ? 14 : 10);
    markScriptsAndFeatures(table);

    const pruner = new Pruner(table, tag, set, words, spaces);
    const lookups = readLookups(table, tag);
    table.mark(table.u16(8), 2 + 2 * lookups.length);
    for (const lookup of lookups) {
      const flag = table.u16(lookup.offset + 2);
      const filteringSet = flag & 0x10 ? table.u16(lookup.offset + 6 + 2 * lookup.subtables.length) : null;
      // An emptied lookup stays, so the indices that features and contextual rules use do not move.
      const keep = lookup.subtables.filter((sub) => pruner.applies(sub.type, sub.target));
      table.write16(lookup.offset + 4, keep.length);
      keep.forEach((sub, i) => table.write16(lookup.offset + 6 + 2 * i, sub.offset - lookup.offset));
      if (filteringSet !== null) table.write16(lookup.offset + 6 + 2 * keep.length, filteringSet);
      table.mark(lookup.offset, 6 + 2 * keep.length + (filteringSet === null ? 0 : 2));
      for (const sub of keep) {
        if (sub.offset !== sub.target) table.mark(sub.offset, 8);
        pruner.subtable(sub.type, sub.target);
      }
    }
    const data = table.data;
    const live = table.live;
    for (let i = 0; i < data.length; i++) if (!live[i]) data[i] = 0;
    return data;
  } catch {
    return source;
  }
}
