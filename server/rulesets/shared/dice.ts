// Seeded dice shared by rulesets: the 1942 engine's generator (server/rulesets/1942/engine/rng.ts, R3.3), used
// read-only so its results never change. Streams are named by what rolls, never by when.
export { diceStream, phaseDice, type Dice, type DiceStream } from "../1942/engine/rng";
