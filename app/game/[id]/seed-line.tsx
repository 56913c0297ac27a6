// The dice commitment of the turn in play (docs/engine.md): the SHA-256 of its secret seed, shown
// before the turn resolves so anyone can check the seed the history reveals afterwards. A classic
// game's Nations tab and a phased game's Sides tab show it.
export function SeedLine({ seedHash }: { seedHash: string }) {
  return (
    <p className="seed-line">
      Dice commitment, the SHA-256 of this turn&rsquo;s secret seed:{" "}
      <code className="wrap" data-testid="seed-hash" title={seedHash}>
        {seedHash}
      </code>{" "}
      <span className="muted">— the seed is revealed in the history once the turn resolves, and anyone can check it.</span>
    </p>
  );
}
