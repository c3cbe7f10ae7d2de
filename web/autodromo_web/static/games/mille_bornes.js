// Mille Bornes' table: every side's tableau (miles, battle pile, safeties), the discards, and
// the seat's own hand as card faces. Registered with the page. Its lines come worded by the
// server (``words``), in the reader's language.
"use strict";
(() => {
  const { el, swatch, cardFace, registerGame } = Autodromo;

  function render(p) {
    const t = p.table;
    const sides = t.sides.map((s, i) => el("div", { class: `side${s.mine ? " me" : ""}`, "data-testid": `side-${i}`, "data-place": `side:${i}` },
      el("strong", {}, swatch(s.seat), s.name),
      el("div", {}, s.words.miles),
      el("div", { class: "miles", role: "meter", "aria-label": s.words.miles_label, "aria-valuenow": s.miles, "aria-valuemax": s.target },
        el("span", { style: `width:${Math.min(100, (100 * s.miles) / s.target)}%` })),
      el("div", {}, s.status),
      // The battle pile and the safeties share a row: on a phone the decision stays on the first screen.
      el("div", { class: "tableau" },
        s.battle.length ? el("ul", { class: "cards", "aria-label": s.words.battle }, s.battle.map((c) => cardFace(c))) : "",
        el("ul", { class: "cards", "aria-label": s.words.safeties }, s.safeties.map((c) => cardFace(c)))),
      el("div", { class: "muted" }, s.words.hands)));
    const parts = [
      el("p", { class: "muted" }, t.words.pile),
      el("div", { class: "sides" }, sides),
      el("details", { class: "discards", "data-place": "discard" }, el("summary", {}, t.words.discards),
        el("ul", { class: "cards small" }, t.discards.map((c) => cardFace(c)))),
    ];
    if (t.last_hand) {
      const s = t.last_hand;
      parts.unshift(el("details", { class: "last-hand", open: "", "data-testid": "hand-score" }, el("summary", {}, s.title),
        el("div", { class: "scroll" }, el("table", { class: "cars-table" },
          el("thead", {}, el("tr", {}, el("th", {}, ""), s.sides.map((n) => el("th", {}, n)))),
          el("tbody", {}, s.rows.map((row) => el("tr", { class: row.strong ? "strong" : "" },
            el("td", {}, row.label), row.values.map((v) => el("td", {}, String(v))))))))));
    }
    if (t.hand) {
      parts.push(el("h3", {}, t.words.hand_of), el("ul", { class: "cards", "data-testid": "hand" }, t.hand.map((c) => cardFace(c))));
    }
    return parts;
  }

  registerGame("mille_bornes", { render });
})();
