// Dice drawn as SVG: six-sided faces with pips, and Hog Wild's four-sided
// dice as triangles, with a short roll animation that ends on the faces
// the server rolled.

import { pause } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";

// Pip centres on a 100 x 100 face.
const SQUARE_PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

// Pip centres on a triangle with corners (50, 8), (94, 88), (6, 88).
const TRIANGLE_PIPS = {
  1: [[50, 62]],
  2: [[38, 68], [62, 68]],
  3: [[50, 44], [36, 70], [64, 70]],
  4: [[50, 40], [34, 72], [66, 72], [50, 62]],
};

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/** One die showing `face`, `sides` 6 or 4. */
export function die(face, sides) {
  const svg = element("svg", {
    viewBox: "0 0 100 100",
    class: `die d${sides}`,
    role: "img",
    "aria-label": `${face}`,
  });
  if (sides === 4) {
    svg.append(element("polygon", { points: "50,8 94,88 6,88", class: "face" }));
  } else {
    svg.append(element("rect", { x: 6, y: 6, width: 88, height: 88, rx: 16, class: "face" }));
  }
  const pips = (sides === 4 ? TRIANGLE_PIPS : SQUARE_PIPS)[face] || [];
  for (const [cx, cy] of pips) {
    svg.append(element("circle", { cx, cy, r: 8, class: face === 1 ? "pip one" : "pip" }));
  }
  return svg;
}

/** Draw `faces` in `box`. */
export function show(box, faces, sides) {
  box.replaceChildren(...faces.map((face) => die(face, sides)));
}

/** How long each face of a tumble shows, in milliseconds. */
export const FRAME_MS = 60;

/**
 * Roll `faces.length` dice in `box`: random faces for `ms` milliseconds
 * (none for 0: replays, keys, reduced motion), then the real ones.
 */
export async function roll(box, faces, sides, ms) {
  const frames = Math.floor(ms / FRAME_MS);
  if (frames > 0 && faces.length > 0) {
    box.classList.add("rolling");
    for (let step = 0; step < frames; step += 1) {
      const random = faces.map(() => 1 + Math.floor(Math.random() * sides));
      show(box, random, sides);
      await pause(FRAME_MS);
    }
    box.classList.remove("rolling");
  }
  show(box, faces, sides);
}
