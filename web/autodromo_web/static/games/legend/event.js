// Legend's championship, the decision of the moment: the Spare Part auction (the car for sale,
// every player's bid and hand), the Engine/Brakes split, and the repairs between races. Its
// texts come worded by the server in the reader's language (the event's ``words``, the auction's
// and the repair's lines).
"use strict";
(() => {
  const { el, swatch, registerEvent, tr } = Autodromo;

  function auction(a, words) {
    const car = a.car;
    return [
      el("p", { class: "help" }, a.rules),
      car ? el("div", { class: "card car auction-car", "data-testid": "car-for-sale" },
        el("strong", {}, car.words.title),
        el("span", { class: "card-value" }, car.words.figures),
        el("span", { class: "card-note" }, car.words.more),
        el("span", { class: "card-note" }, car.words.lot)) : "",
      el("div", { class: "sides" }, a.players.map((p) => el("div", { class: "side", "data-testid": `bidder-${p.seat}` },
        el("strong", {}, swatch(p.seat), p.name),
        el("div", {}, p.status),
        el("ul", { class: "cards small", "aria-label": words.bidder_hand }, p.hand.map((h) =>
          el("li", { class: "card" }, el("strong", {}, h.name), h.count > 1 ? el("span", { class: "card-note" }, `×${h.count}`) : "")))))),
      a.attached_text ? el("p", {}, a.attached_text) : "",
    ];
  }

  function repairs(r, decide, words) {
    const number = (name, key, max) => el("label", {}, name, el("input", { type: "number", min: 0, max, value: 0, "data-repair": key, "data-testid": `repair-${key}` }));
    const collect = el("select", { "data-testid": "repair-collect" }, el("option", { value: "" }, words.repair_no_part),
      r.spares.filter((s) => s.count <= 1).map((s) => el("option", { value: s.part }, s.choice)));
    const spend = r.spares.filter((s) => s.count > 0).map((s) => el("label", {},
      el("input", { type: "checkbox", value: s.part, "data-spend": "1" }), s.use));
    const form = el("form", { class: "repairs", "data-testid": "repairs", onsubmit: (ev) => {
      ev.preventDefault();
      const read = (k) => { const x = form.querySelector(`[data-repair=${k}]`); return x ? Number(x.value || 0) : 0; };
      decide({ collect: collect.value === "" ? null : Number(collect.value), engine: read("engine"), brakes: read("brakes"),
        tires: read("tyres"), spend: [...form.querySelectorAll("[data-spend]:checked")].map((x) => Number(x.value)) });
    } },
      el("p", {}, r.text),
      el("p", { "data-testid": "repair-spares" }, r.held),
      el("p", { class: "help" }, r.rules),
      el("label", {}, `${words.repair_collect} `, collect),
      el("div", {}, number(words.engine, "engine", 4), number(words.brakes, "brakes", 4), r.podium ? "" : number(words.tires, "tyres", 4)),
      el("div", {}, spend),
      el("button", { class: "primary", type: "submit", "data-testid": "repair-submit" }, words.repair_submit));
    return [form];
  }

  function render(e, decide) {
    const words = e.words;
    if (e.stage === "auction") return auction(e.auction, words);
    if (e.stage === "split" && e.decisions.length) return [el("p", { class: "help" }, words.split_help)];
    if (e.stage === "repairs" && e.repair) return repairs(e.repair, decide, words);
    if (e.stage === "race") return [el("p", {}, el("a", { class: "primary button", href: `/play/${e.race}`, "data-testid": "go-to-race" }, words.go_to_race))];
    if (e.stage === "over") return [el("p", { class: "result" }, e.champion), el("a", { href: "/" }, tr("Back to the lobby"))];
    return [];
  }

  registerEvent("legend", { render });
})();
