"""The optimal policy of fa24 as a picture, from hog_solver and matplotlib:
python docs/src/python/plot_policy.py (writes docs/src/python/policy.png)."""
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import BoundaryNorm, ListedColormap  # noqa: E402

import hog_solver as hs  # noqa: E402

sol = hs.solve()  # fa24, goal 100

# hog plot's colours: black for rolling none, then the rainbow.
colors = ["#000000", "#322896", "#196ee6", "#6ec3ff", "#19b9a5", "#1e8246",
          "#96d23c", "#fff078", "#fa9b32", "#d73228", "#af1e5a"]
cmap = ListedColormap(colors)
norm = BoundaryNorm(range(12), cmap.N)

fig, ax = plt.subplots(figsize=(6.4, 5.4))
image = ax.imshow(sol.policy, origin="lower", cmap=cmap, norm=norm, interpolation="nearest")
ax.set_xlabel("opponent score")
ax.set_ylabel("your score")
ax.set_title(f"Optimal dice counts, fa24 (first player wins {sol.first_player_win_probability:.2%})")
bar = fig.colorbar(image, ticks=[d + 0.5 for d in range(11)])
bar.ax.set_yticklabels([str(d) for d in range(11)])
bar.set_label("dice")
fig.tight_layout()
fig.savefig(Path(__file__).with_name("policy.png"), dpi=110)
