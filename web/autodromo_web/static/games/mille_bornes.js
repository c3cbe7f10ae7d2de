// Mille Bornes' table: every side's tableau (miles, battle pile, safeties), the discards, and
// the seat's own hand as card faces. Registered with the page.
"use strict";
(() => {
  const { el, swatch, cardFace, registerGame } = Autodromo;

  function render(p) {
    const t = p.table;
    const sides = t.sides.map((s, i) => el("div", { class: `side${s.mine ? " me" : ""}`, "data-testid": `side-${i}` },
      el("strong", {}, swatch(s.seat), s.name),
      el("div", {}, `${s.miles} of ${s.target} miles · score ${s.score}`),
      el("div", { class: "miles", role: "meter", "aria-label": `${s.name}: miles`, "aria-valuenow": s.miles, "aria-valuemax": s.target },
        el("span", { style: `width:${Math.min(100, (100 * s.miles) / s.target)}%` })),
      el("div", {}, s.status),
      s.battle.length ? el("ul", { class: "cards", "aria-label": "battle pile" }, s.battle.map((c) => cardFace(c))) : "",
      el("ul", { class: "cards", "aria-label": "safeties" }, s.safeties.map((c) => cardFace(c))),
      el("div", { class: "muted" }, s.hands.map((h) => `${h.name}: ${h.cards} card${h.cards === 1 ? "" : "s"}`).join(" · "))));
    const parts = [
      el("p", { class: "muted" }, `Draw pile: ${t.pile} cards · ${t.score_to_win ? `first to ${t.score_to_win} points` : "one hand"}`),
      el("div", { class: "sides" }, sides),
      el("details", { class: "discards" }, el("summary", {}, `Discards (${t.discards.reduce((n, c) => n + c.count, 0)})`),
        el("ul", { class: "cards small" }, t.discards.map((c) => cardFace(c)))),
    ];
    if (t.hand) {
      parts.push(el("h3", {}, `${t.hand_of}'s hand`), el("ul", { class: "cards", "data-testid": "hand" }, t.hand.map((c) => cardFace(c))));
    }
    return parts;
  }

  registerGame("mille_bornes", { render });
})();
