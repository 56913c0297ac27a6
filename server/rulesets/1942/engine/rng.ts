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

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export interface DiceStream {
  /** A roll in 1..6. */
  d6(): number;
}

function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
}

const LIMIT = 4294967296 - (4294967296 % 6);

/** The dice stream `name` of the phase whose seed is `seed`. */
export function diceStream(seed: string, name: string): DiceStream {
  const next = sfc32(...cyrb128(`${seed}\u0000${name}`));
  for (let i = 0; i < 15; i++) next();
  return {
    d6() {
      let x = next();
      while (x >= LIMIT) x = next();
      return (x % 6) + 1;
    },
  };
}

/** Makes the streams of one phase. */
export type Dice = (name: string) => DiceStream;

export function phaseDice(seed: string): Dice {
  return (name) => diceStream(seed, name);
}
