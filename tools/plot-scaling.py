#!/usr/bin/python3
"""Log-log plot of `flexure-cli bench scaling` (issue 29): per-step cost of each technique against
the size of its problem, with the fitted exponent in the legend and a slope-1 guide.

    build/src/cli/flexure-cli bench scaling > scaling.json
    /usr/bin/python3 tools/plot-scaling.py scaling.json docs/scaling.png

Debian's interpreter and its python3-matplotlib (the pyenv `python3` first on PATH lacks it).
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        data = json.load(f)
    data = data.get("scaling", data)
    fig, ax = plt.subplots(figsize=(7.5, 5.0), dpi=110)
    for name, t in sorted(data.items()):
        sizes, seconds = t["sizes"], t["seconds_per_step"]
        k = t.get("exponent")
        label = f"{name} ({t['size']}): k = {k:.2f}" if k is not None else name
        k1000 = t.get("exponent_from_1000")
        if k is not None and k1000 is not None:
            label += f", from 10³: {k1000:.2f}"
        ax.loglog(sizes, seconds, marker="o", label=label)
    # Slope-1 guide through the middle of the plotted range.
    lo = min(min(t["sizes"]) for t in data.values())
    hi = max(max(t["sizes"]) for t in data.values())
    ax.loglog([lo, hi], [1e-6 * lo / lo, 1e-6 * hi / lo], "k--", linewidth=0.8, label="slope 1 (linear)")
    ax.set_xlabel("size (pipes, links, control points, vertices)")
    rounds = max((t.get("rounds", 1) for t in data.values()), default=1)
    summary = f", minimum of {rounds} interleaved rounds" if rounds > 1 else ""
    ax.set_ylabel(f"seconds per step\n(one thread's CPU time{summary})")
    ax.set_title("flexure-cli bench scaling: per-step cost against problem size")
    ax.grid(True, which="both", linewidth=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[2])


if __name__ == "__main__":
    main()
