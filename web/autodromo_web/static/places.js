// Decisions taken where they have a place (issue 32): the game's script marks the things of
// its table with `data-place` ("card:2", "side:1", "section:14"), each decision names the
// places it is made at (in any order), and a tap on one selects it: the decision is taken once
// the taps name all of its places, the places that could follow are lit meanwhile, and when
// several decisions share those places a short list of just those is shown by the board. The
// list of decisions stays as it was, for the keyboard and screen readers.
"use strict";

const Places = (() => {
  const { el, tr } = Autodromo;
  let chosen = new Set();

  const keysOf = (d) => d.place || [];
  const covers = (d, sel) => [...sel].every((k) => keysOf(d).includes(k));

  function clearChoice(root) {
    const box = root.querySelector("#place-choice");
    if (box) box.remove();
  }

  // Several decisions at the same places (two plays landing in one section): pick one of them.
  function offer(root, exact, choose, reset) {
    clearChoice(root);
    const box = el("div", { id: "place-choice", class: "place-choice", role: "group", "data-testid": "place-choice",
      "aria-label": tr("Your decision") },
    el("strong", {}, tr("Your decision")),
    ...exact.map((d) => el("button", { "data-testid": "place-option", "data-id": d.id, class: d.risk ? "risky" : "",
      onclick: () => { reset(); choose(d); } }, d.text, d.detail ? el("span", { class: "breakdown" }, d.detail) : "")),
    el("button", { "data-testid": "place-cancel", onclick: reset }, tr("Close")));
    const table = root.querySelector("#table");
    table.after(box);
    box.querySelector("button").focus({ preventScroll: true });
  }

  function mark(nodes, decisions) {
    const lit = new Set();
    for (const d of decisions) if (covers(d, chosen)) for (const k of keysOf(d)) if (!chosen.has(k)) lit.add(k);
    for (const n of nodes) {
      const k = n.dataset.place;
      n.classList.toggle("place-selected", chosen.has(k));
      n.classList.toggle("place-target", chosen.size > 0 && lit.has(k));
      n.setAttribute("aria-pressed", chosen.has(k) ? "true" : "false");
    }
  }

  // Binds the table's places to this seat's decisions; called after every redraw.
  function bind(root, decisions, choose) {
    chosen = new Set();
    clearChoice(root);
    const placed = decisions.filter((d) => keysOf(d).length);
    const usable = new Set(placed.flatMap(keysOf));
    const nodes = [...root.querySelectorAll("#table [data-place], #aside [data-place]")].filter((n) => usable.has(n.dataset.place));
    const reset = () => { chosen = new Set(); clearChoice(root); mark(nodes, placed); };
    const tap = (key) => {
      if (chosen.has(key)) chosen.delete(key);
      else chosen.add(key);
      if (!placed.some((d) => covers(d, chosen))) chosen = new Set([key]);
      const open = placed.filter((d) => covers(d, chosen));
      const exact = open.filter((d) => keysOf(d).length === chosen.size);
      mark(nodes, placed);
      clearChoice(root);
      if (!chosen.size) return;
      if (exact.length === 1 && open.length === 1) {
        reset();
        choose(exact[0]);
      } else if (exact.length) {
        offer(root, exact, choose, reset);
      }
    };
    for (const n of nodes) {
      n.classList.add("placeable");
      n.setAttribute("tabindex", "0");
      n.setAttribute("role", "button");
      n.addEventListener("click", (e) => { e.preventDefault(); e.stopPropagation(); tap(n.dataset.place); });
      n.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tap(n.dataset.place); }
      });
    }
    mark(nodes, placed);
  }

  return { bind };
})();
