"""Write two random strategy tables for the comparison with bacon2.

Usage: python3 random_tables.py DIR

Each table is 100 x 100 dice counts drawn uniformly from 0 to 10 with a
fixed seed, in hog's final_strategy.csv layout, so that hog and the
bacon2 driver read the same tables.
"""

import random
import sys
from pathlib import Path


def write(path: Path, rng: random.Random) -> None:
    rows = ["score," + ",".join(str(o) for o in range(100))]
    for s in range(100):
        rows.append(f"{s}," + ",".join(str(rng.randint(0, 10)) for _ in range(100)))
    path.write_text("\n".join(rows) + "\n")


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(1)
    for name in ("random_a", "random_b"):
        write(out / f"{name}.csv", rng)


if __name__ == "__main__":
    main()
