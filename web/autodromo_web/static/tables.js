// What lies on the table for each game: the board and cars (Legend, Lamborghini), the hands,
// tableaus and draft. Everything drawn here comes from the one seat's view the server sent.
"use strict";

const Tables = (() => {
  const { el, carColour } = Autodromo;

  const swatch = (seat) => el("span", { class: "swatch", style: `background:${carColour(seat)}`, "aria-hidden": "true" });

  const HAZARDS = ["Accident", "Out of Gas", "Flat Tire", "Stop", "Speed Limit"];
  const REMEDIES = ["Repairs", "Gasoline", "Spare Tire", "Roll", "End of Limit"];
  const SAFETIES = ["Driving Ace", "Extra Tank", "Puncture-Proof", "Right of Way"];

  function card(name, extra) {
    const kind = HAZARDS.includes(name) ? "hazard" : REMEDIES.includes(name) ? "remedy" : SAFETIES.includes(name) ? "safety" : "";
    return el("li", { class: `card ${kind} ${extra || ""}` }, name);
  }

  function backs(n) {
    return Array.from({ length: n }, () => el("li", { class: "card back", "aria-label": "a hidden card" }, "?"));
  }

  // The board's key: what each cell colour means (colour is backed by shape or text elsewhere).
  function key(withSlopes) {
    const item = (cls, text) => el("li", {}, el("span", { class: `key ${cls}`, "aria-hidden": "true" }), text);
    return el("ul", { class: "board-key", "data-testid": "board-key" },
      withSlopes ? [item("best", "best line"), item("uphill", "uphill"), item("downhill", "downhill"), item("box", "Box (yellow ring: the pit lane entry)")] : [],
      item("reach", "reachable: the number is the speed there"), item("risk", "! reachable with a risk (damage, off the road)"),
      el("li", {}, "A–E turn markers, white lines: entry and exit, dashed: finish"));
  }

  function legend(p, board, onChoose) {
    const v = p.view;
    const cars = v.cars.map((c) => ({ seat: c.seat, row: c.row, lane: c.lane,
      title: `${c.seat + 1}. ${c.name} (${p.seats[c.seat].name}): speed ${c.speed}, lap ${c.lap}, ${c.status}`,
      faded: c.status === "retired" }));
    const rows = v.cars.map((c) => el("tr", { "data-seat": c.seat },
      el("td", {}, swatch(c.seat), `${c.seat + 1}`),
      el("td", {}, `${c.name}${c.neutral ? " (Neutral)" : ""}`),
      el("td", {}, p.seats[c.seat].name),
      el("td", {}, c.status === "racing" ? `lap ${c.lap}, row ${c.row}, lane ${c.lane}` : c.status.replace("_", " ")),
      el("td", {}, `${c.speed}`),
      el("td", {}, `E${c.engine} B${c.brakes} T${c.flat_tire ? "flat" : c.tires} °${c.temperature}`)));
    return [
      el("p", { class: "muted" }, `${board.name} · ${v.laps} lap${v.laps === 1 ? "" : "s"} · weather ${v.weather} · phase: ${v.phase.name}`),
      Board.draw(board, cars, p.plan, onChoose),
      p.plan && p.plan.length
        ? el("p", { id: "reach-info", class: "muted", "aria-live": "polite", "data-testid": "reach-info" },
          "Point at or tab to a highlighted space to see its decisions and costs; click it to drive there.")
        : "",
      key(true),
      el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
        el("thead", {}, el("tr", {}, ["#", "car", "driver", "where", "speed", "dashboard"].map((h) => el("th", {}, h)))),
        el("tbody", {}, rows))),
    ];
  }

  function lamborghini(p, board, onChoose) {
    const v = p.view;
    const cars = v.cars.map((c) => ({ seat: c.owner, row: c.row, lane: c.lane,
      title: `car ${c.car} of ${p.seats[c.owner].name}: ${c.card || "no car card"}, ${c.damages} damages`,
      faded: c.wrecked }));
    const carRows = v.cars.map((c) => el("tr", {},
      el("td", {}, swatch(c.owner), `car ${c.car}`),
      el("td", {}, p.seats[c.owner].name),
      el("td", {}, c.card || "—"), el("td", {}, c.driver || "—"),
      el("td", {}, `row ${c.row}, lane ${c.lane}`),
      el("td", {}, `${c.damages}${c.wrecked ? " wrecked" : c.stopped ? " stopped" : ""}`)));
    const players = v.players.map((pl) => el("div", { class: `side${pl.seat === p.seat ? " me" : ""}`, "data-testid": `player-${pl.seat}` },
      el("strong", {}, swatch(pl.seat), p.seats[pl.seat].name), ` — ${pl.money.toLocaleString()} $`,
      pl.bid !== null && pl.bid !== undefined ? ` · bid ${pl.bid}` : "",
      el("ul", { class: "cards", "data-testid": pl.cards ? "hand" : "hidden-hand" },
        pl.cards ? pl.cards.map((c) => card(c)) : backs(pl.card_count))));
    const parts = [
      el("p", { class: "muted" }, `${board.name} · phase ${v.phase} · speed deck ${v.speed_deck}`),
    ];
    if (v.face_up && v.face_up.length) {
      parts.push(el("h3", {}, "Draft: face-up cards"), el("ul", { class: "cards", "data-testid": "draft" }, v.face_up.map((c) => card(c))));
    }
    parts.push(Board.draw(board, cars, p.plan, onChoose),
      el("div", { class: "sides" }, players),
      el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
        el("thead", {}, el("tr", {}, ["car", "owner", "card", "driver", "where", "damages"].map((h) => el("th", {}, h)))),
        el("tbody", {}, carRows))));
    return parts;
  }

  function status(side) {
    let words = side.hazards.length ? "stopped: " + side.hazards.join(", ") : side.moving ? "rolling" : "needs a Roll";
    if (side.speed_limit) words += " + Speed Limit";
    if (side.wrong_way) words += " + Wrong Way";
    return words;
  }

  function milleBornes(p) {
    const v = p.view;
    const sides = v.sides.map((s) => el("div", { class: `side${v.side === s.side ? " me" : ""}`, "data-testid": `side-${s.side}` },
      el("strong", {}, s.seats.map((x) => p.seats[x].name).join(" & ")),
      el("div", {}, `${s.miles} / ${v.target} miles · score ${s.score}`),
      el("div", { class: "miles" }, el("span", { style: `width:${Math.min(100, (100 * s.miles) / v.target)}%` })),
      el("div", {}, status(s)),
      el("ul", { class: "cards", "aria-label": "safeties" }, s.safeties.map((x) => card(x, s.coups_fourres.includes(x) ? "coup" : ""))),
      s.coups_fourres.length ? el("div", {}, `coups fourrés: ${s.coups_fourres.join(", ")}`) : "",
      el("div", { class: "muted" }, s.seats.map((x) => `${p.seats[x].name}: ${v.hand_sizes[x]} cards`).join(" · "))));
    const discard = Object.entries(v.discard || {}).map(([k, n]) => `${k} ×${n}`).join(", ");
    const parts = [
      el("p", { class: "muted" }, `hand ${v.hand_number} · draw pile ${v.deck_size} · score to win ${v.score_to_win || "one hand"}`),
      el("div", { class: "sides" }, sides),
      el("p", { class: "muted" }, `discards: ${discard || "none"}`),
    ];
    if (p.seat !== null && p.seat !== undefined && p.seats[p.seat].kind === "human") {
      parts.push(el("h3", {}, `${p.seats[p.seat].name}'s hand`), el("ul", { class: "cards", "data-testid": "hand" }, (v.hand || []).map((c) => card(c))));
    }
    return parts;
  }

  function render(p, board, onChoose) {
    if (p.game === "legend") return legend(p, board, onChoose);
    if (p.game === "lamborghini") return lamborghini(p, board, onChoose);
    return milleBornes(p);
  }

  return { render, swatch };
})();
