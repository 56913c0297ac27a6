// R3.3 — dice from a seeded generator. Pure: the same seed and stream name give the same rolls.
//
// Every source of dice (one AA territory firing at one order, one side's fire in one battle
// sub-phase, one raid) draws from its own *stream*, named by what fires, never by when it was
// asked. So the rolls cannot depend on the order in which orders were listed, nations submitted,
// or battles were resumed.
//
// Algorithm: the stream name and seed are hashed with cyrb128 (four 32-bit MurmurHash3-style
// lanes) into the 128-bit state of sfc32 (Chris Doty-Humphrey's Small Fast Counter, from
// PractRand), discarding the first 15 outputs as its author recommends. A die is an unbiased
// draw in 1..6 by rejection of the top 4 values of the 32-bit range.

export interface DiceStream {
  /** A roll in 1..6. */
  d6(): number;
}

/**
 * sfc32 seeded by cyrb128 of `text`. One object with its four lanes as fields: a phase at 100 copies
 * of the board opens tens of thousands of streams, and a tuple, a closure and a wrapper each were
 * garbage the collector had to sweep.
 */
class Sfc32Dice implements DiceStream {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string, name: string) {
    // cyrb128: four 32-bit MurmurHash3-style lanes, over `seed`, a NUL and `name` as one text. Hashed
    // part by part, so no joined string is made a stream (and flattened for charCodeAt).
    let h1 = 1779033703,
      h2 = 3144134277,
      h3 = 1013904242,
      h4 = 2773480762;
    for (let part = 0; part < 3; part++) {
      const text = part === 0 ? seed : part === 1 ? "\u0000" : name;
      for (let i = 0; i < text.length; i++) {
        const k = text.charCodeAt(i);
        h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
        h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
        h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
        h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
      }
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
    h1 ^= h2 ^ h3 ^ h4;
    h2 ^= h1;
    h3 ^= h1;
    h4 ^= h1;
    // Kept as signed 32-bit integers (every read takes `>>> 0`): small integers in the object itself,
    // where an unsigned value above 2^31 would be a boxed number, four more objects a stream.
    this.a = h1 | 0;
    this.b = h2 | 0;
    this.c = h3 | 0;
    this.d = h4 | 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** sfc32's next 32-bit output. */
  private next(): number {
    const a = this.a >>> 0;
    const b = this.b >>> 0;
    let c = this.c >>> 0;
    const d = this.d >>> 0;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    this.c = (c + t) | 0;
    return t >>> 0;
  }

  d6(): number {
    let x = this.next();
    while (x >= LIMIT) x = this.next();
    return (x % 6) + 1;
  }
}

const LIMIT = 4294967296 - (4294967296 % 6);

/** The dice stream `name` of the phase whose seed is `seed`. */
export function diceStream(seed: string, name: string): DiceStream {
  return new Sfc32Dice(seed, name);
}

/** Makes the streams of one phase. */
export type Dice = (name: string) => DiceStream;

export function phaseDice(seed: string): Dice {
  return (name) => diceStream(seed, name);
}
