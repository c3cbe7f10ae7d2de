// Lamborghini's table: the draft's face-up cards, the cars on the circuit, each player's money
// and hand (another player's as card backs), and the cars' table. Registered with the page.
"use strict";
(() => {
  const { el, swatch, cardFace, backs, registerGame, tr } = Autodromo;

  function render(p, board, onPlan) {
    const t = p.table;
    const cars = t.cars.map((c, i) => ({ seat: c.seat, car: i, place: `car:${i}`, row: c.row, lane: c.lane,
      title: `${c.name}: ${c.where}, ${c.damage_words}`, faded: c.wrecked }));
    const carRows = t.cars.map((c) => el("tr", {},
      el("td", {}, swatch(c.seat), c.name),
      el("td", {}, c.model ? c.model.name : "—"), el("td", {}, c.driver ? c.driver.name : "—"),
      el("td", {}, c.supplier || "—"),
      el("td", {}, c.where),
      el("td", {}, c.wrecked ? tr("{n} (wrecked)", { n: c.damages }) : c.stopped ? tr("{n} (stopped)", { n: c.damages }) : String(c.damages))));
    const players = t.players.map((pl) => el("div", { class: `side${pl.mine ? " me" : ""}`, "data-testid": `player-${pl.seat}` },
      el("strong", {}, swatch(pl.seat), pl.name), t.long ? ` — ${pl.money}` : "",
      pl.bid ? tr(" · bid {bid}", { bid: pl.bid }) : "",
      el("ul", { class: "cards", "data-testid": pl.cards ? "hand" : "hidden-hand" },
        pl.cards ? pl.cards.map((c) => cardFace(c)) : backs(pl.card_count)),
      // Each of this player's cars holds its own hand in the race: the cards played for it.
      t.cars.filter((c) => c.seat === pl.seat && c.hand && c.hand.length).map((c) =>
        el("div", { "data-testid": "car-hand" }, el("small", {}, c.name), el("ul", { class: "cards" }, c.hand.map((f) => cardFace(f)))))));
    const parts = [el("p", { class: "muted" }, t.race ? el("strong", { "data-testid": "race-of" }, `${t.race} · `) : "",
      tr("{circuit} · {phase} · Speed deck: {n} cards", { circuit: t.circuit, phase: t.phase || tr("racing"), n: t.speed_deck }))];
    if (t.last_race) parts.push(lastRace(t.last_race));
    if (t.face_up && t.face_up.length) {
      parts.push(el("h3", {}, tr("Face-up cards")), el("ul", { class: "cards", "data-testid": "draft" }, t.face_up.map((c) => cardFace(c))));
    }
    parts.push(Board.draw(board, cars, p.plan, onPlan),
      p.plan && p.plan.length
        ? el("p", { id: "reach-info", class: "muted", "aria-live": "polite", "data-testid": "reach-info" },
          tr("Point at or tab to a highlighted square to see the way there; click it to drive there."))
        : "",
      el("div", { class: "sides" }, players),
      el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
        el("thead", {}, el("tr", {}, [tr("Car"), tr("Model"), tr("Driver"), tr("Supplier"), tr("Where"), tr("Damage")]
          .map((h) => el("th", {}, h)))),
        el("tbody", {}, carRows))));
    return parts;
  }

  // The long game between races: the race just run (places, prizes) and each player's money
  // through it, with what decides the game; open until the next race is on the track.
  function lastRace(r) {
    const table = (columns, rows) => el("div", { class: "scroll" }, el("table", { class: "cars-table" },
      el("thead", {}, el("tr", {}, columns.map((c) => el("th", {}, c)))), el("tbody", {}, rows)));
    return el("details", { class: "last-race", open: r.open ? "" : null, "data-testid": "race-results" },
      el("summary", {}, r.title),
      table(r.columns, r.rows.map((row) => el("tr", {}, row.cells.map((c, i) => el("td", {}, i === 1 ? swatch(row.seat) : "", c))))),
      table(["", ...r.sides], r.money.map((row) => el("tr", { class: row.strong ? "strong" : "" },
        el("td", {}, row.label), row.values.map((v) => el("td", {}, v))))),
      el("p", { "data-testid": "won-on" }, r.decides));
  }

  // The sealed bid as one slider: its amount with the unit beside it, one button that bids it.
  function bidControl(bid, onPlan) {
    const last = bid.amounts.length - 1;
    const slider = el("input", { type: "range", min: 0, max: last, step: 1, value: 0, "data-testid": "bid-amount",
      "aria-valuetext": bid.amounts[0].text, "aria-label": bid.label });
    const shown = el("output", { "data-testid": "bid-shown" }, bid.amounts[0].text);
    const go = el("button", { class: "primary", "data-testid": "bid-button",
      onclick: () => onPlan({ ids: [bid.amounts[Number(slider.value)].id] }) }, bid.amounts[0].button);
    slider.addEventListener("input", () => {
      const a = bid.amounts[Number(slider.value)];
      shown.textContent = a.text;
      slider.setAttribute("aria-valuetext", a.text);
      go.textContent = a.button;
    });
    return el("div", { class: "bid-control", "data-testid": "bid-control" }, el("label", {}, bid.label, slider, shown), go);
  }

  // Beside the decisions: the bid's one control while this seat bids.
  function aside(p, board, opts, onPlan) {
    return p.table.bid ? [bidControl(p.table.bid, onPlan)] : [];
  }

  registerGame("lamborghini", { render, aside });
})();
