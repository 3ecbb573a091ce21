import { DAY } from "../../shared/clock.js";
import { type SeededRandom, WeightedPicker } from "./random.js";

export interface Sound {
  id: string;
  title: string;
  author: string;
  /** Set for sounds taking off recently: from then on new videos pick them far more often. */
  risingFrom: number | null;
}

const WORDS = [
  "midnight",
  "sunset",
  "lofi",
  "summer",
  "neon",
  "velvet",
  "echo",
  "golden",
  "paper",
  "ocean",
  "city",
  "dream",
];
const KINDS = ["remix", "sped up", "slowed", "beat", "loop", "mashup", "acoustic", "theme"];
const ARTISTS = [
  "DJ Arlo",
  "Mina Park",
  "The Loopers",
  "Kaze",
  "Lua Nova",
  "Sunny Ray",
  "Beatsmith",
  "Odette",
  "Rafa Beats",
];

/** A pool of sounds with Zipf-like popularity; about 8 % rise in the last two weeks. */
export class SoundPool {
  private readonly steady: WeightedPicker<Sound>;
  private readonly rising: Sound[];

  constructor(r: SeededRandom, size: number, now: number) {
    const sounds: Sound[] = [];
    for (let i = 0; i < size; i++) {
      const title = `${r.pick(WORDS)} ${r.pick(WORDS)} (${r.pick(KINDS)})`;
      sounds.push({
        id: r.digits(19, "7"),
        title,
        author: r.pick(ARTISTS),
        risingFrom: r.chance(0.08) ? now - r.int(2 * DAY, 14 * DAY) : null,
      });
    }
    this.steady = new WeightedPicker(
      sounds,
      sounds.map((_, rank) => 1 / (rank + 1) ** 1.05),
    );
    this.rising = sounds.filter((s) => s.risingFrom !== null);
  }

  pick(r: SeededRandom, createdAt: number): Sound {
    if (this.rising.length > 0 && r.chance(0.3)) {
      const candidate = r.pick(this.rising);
      if ((candidate.risingFrom as number) <= createdAt) return candidate;
    }
    return this.steady.pick(r);
  }
}
