// Legend's championship, the decision of the moment: the Spare Part auction (the car for sale,
// every player's bid and hand), the Engine/Brakes split, and the repairs between races.
"use strict";
(() => {
  const { el, swatch, registerEvent } = Autodromo;

  function auction(a) {
    const car = a.car;
    return [
      el("p", { class: "help" }, a.rules),
      car ? el("div", { class: "card car auction-car", "data-testid": "car-for-sale" },
        el("strong", {}, `${car.name} (${car.year})`),
        el("span", { class: "card-value" }, `Performance ${car.performance}, Ranking ${car.ranking}`),
        el("span", { class: "card-note" }, `Reliability ${car.reliability}, Top Speed ${car.top_speed}`),
        el("span", { class: "card-note" }, `car ${a.lot} of ${a.lots}${a.attaching ? " · the winner attaches its cards" : ""}`)) : "",
      el("div", { class: "sides" }, a.players.map((p) => el("div", { class: "side", "data-testid": `bidder-${p.seat}` },
        el("strong", {}, swatch(p.seat), p.name),
        el("div", {}, p.car ? `has the ${p.car}` : p.out ? "passed on this car" : `bid: ${p.bid} card${p.bid === 1 ? "" : "s"}`),
        el("ul", { class: "cards small", "aria-label": "spare parts in hand" }, p.hand.map((h) =>
          el("li", { class: "card" }, el("strong", {}, h.name), h.count > 1 ? el("span", { class: "card-note" }, `×${h.count}`) : "")))))),
      a.attached.length ? el("p", {}, "Attached: " + a.attached.map((x) => `${x.car}: ${x.parts.join(", ")}`).join("; ")) : "",
    ];
  }

  function repairs(r, decide) {
    const number = (name, max) => el("label", {}, name, el("input", { type: "number", min: 0, max, value: 0, "data-repair": name.toLowerCase(), "data-testid": `repair-${name.toLowerCase()}` }));
    const collect = el("select", { "data-testid": "repair-collect" }, el("option", { value: "" }, "none"),
      r.spares.filter((s) => s.count <= 1).map((s) => el("option", { value: s.part }, s.name)));
    const spend = r.spares.filter((s) => s.count > 0).map((s) => el("label", {},
      el("input", { type: "checkbox", value: s.part, "data-spend": "1" }), `use ${s.name} (${s.count} held)`));
    const form = el("form", { class: "repairs", "data-testid": "repairs", onsubmit: (ev) => {
      ev.preventDefault();
      const read = (k) => { const x = form.querySelector(`[data-repair=${k}]`); return x ? Number(x.value || 0) : 0; };
      decide({ collect: collect.value === "" ? null : Number(collect.value), engine: read("engine"), brakes: read("brakes"),
        tires: read("tyres"), spend: [...form.querySelectorAll("[data-spend]:checked")].map((x) => Number(x.value)) });
    } },
      el("p", {}, `${r.car}${r.podium ? " (on the podium)" : ""}: Engine ${r.engine[0]}/${r.engine[1]}, Brakes ${r.brakes[0]}/${r.brakes[1]}, `
        + `Tyres ${r.tires < 0 ? "flat" : r.tires}${r.battery_ok ? "" : ", battery failed"}${r.headlights_ok ? "" : ", headlights failed"}`),
      el("p", { class: "help" }, r.rules),
      el("label", {}, "Collect a spare part ", collect),
      el("div", {}, number("Engine", 4), number("Brakes", 4), r.podium ? "" : number("Tyres", 4)),
      el("div", {}, spend),
      el("button", { class: "primary", type: "submit", "data-testid": "repair-submit" }, "Repair and go on"));
    return [form];
  }

  function render(e, decide) {
    if (e.stage === "auction") return auction(e.auction);
    if (e.stage === "split" && e.decisions.length) return [el("p", { class: "help" }, "Share your car's Reliability between the Engine and the Brakes for the whole championship.")];
    if (e.stage === "repairs" && e.repair) return repairs(e.repair, decide);
    if (e.stage === "race") return [el("p", {}, el("a", { class: "primary button", href: `/play/${e.race}`, "data-testid": "go-to-race" }, "Go to the race"))];
    if (e.stage === "over") return [el("p", { class: "result" }, `Champion: ${e.standings.rows[0].cells[1]}`), el("a", { href: "/" }, "Back to the lobby")];
    return [];
  }

  registerEvent("legend", { render });
})();
