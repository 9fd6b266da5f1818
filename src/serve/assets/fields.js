// The page's strategy boxes: text areas that grow with what is typed, so
// that a long spec is seen whole (a one-line input scrolls its start out of
// sight), each with a menu of suggestions beside it (a text area takes no
// datalist).

const $ = (id) => document.getElementById(id);

// Browsers with `field-sizing` grow the boxes from the stylesheet alone.
const grows = typeof CSS !== "undefined" && CSS.supports("field-sizing", "content");

/** Fit a box's height to its text where the browser does not. */
export function fit(box) {
  if (grows) return;
  box.style.height = "auto";
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
}

/** Put `text` in the box `id`. */
export function setText(id, text) {
  const box = $(id);
  box.value = text;
  fit(box);
}

/** Offer `specs` in every suggestion menu. */
export function offer(specs) {
  for (const menu of document.querySelectorAll("select.suggest")) {
    // The menu, closed, shows a blank choice: it reads as a button.
    const blank = new Option("", "");
    blank.hidden = true;
    menu.replaceChildren(blank, ...specs.map((spec) => new Option(spec, spec)));
    menu.value = "";
  }
}

/** One line per box (Enter is the screen's, never a line break); a pick from a menu fills its box. */
export function setup() {
  for (const box of document.querySelectorAll("textarea.spec")) {
    box.addEventListener("keydown", (event) => {
      if (event.key === "Enter") event.preventDefault();
    });
    box.addEventListener("input", () => {
      // A spec is one line: a pasted line break is a space.
      if (/[\r\n]/.test(box.value)) {
        const at = box.selectionStart;
        box.value = box.value.replace(/\r\n|[\r\n]/g, " ");
        box.setSelectionRange(at, at);
      }
      fit(box);
    });
    fit(box);
  }
  for (const menu of document.querySelectorAll("select.suggest")) {
    menu.addEventListener("change", () => {
      if (!menu.value) return;
      const box = $(menu.dataset.for);
      setText(box.id, menu.value);
      // As if typed: a suggestion the page makes no longer replaces it.
      box.dispatchEvent(new Event("input", { bubbles: true }));
      menu.value = "";
      box.focus();
    });
  }
  // A narrower window wraps the text onto more lines.
  window.addEventListener("resize", () => {
    for (const box of document.querySelectorAll("textarea.spec")) fit(box);
  });
}
