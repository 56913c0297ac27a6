// A value's JSON as UTF-8 bytes: what a live stream sends of the part of a view every viewer shares,
// made once per event and process (view-frames.ts; its own module so a test can count the calls).
const encoder = new TextEncoder();

export function jsonBytes(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}
