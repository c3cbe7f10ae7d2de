// Race! Formula 90's table: the section track as the core laid it out, each section with its
// cars in order (the first at the front), the activation order, a duel, each car's chart, the
// hand as card faces and the play being made. Registered with the page.
"use strict";
(() => {
  const { el, svg, cardFace, carColour, inkOn, registerGame } = Autodromo;

  const ROAD = { straight: "#6c7077", braking: "#8a7560", corner: "#4f535a" };
  const INK = { red: "#c62828", orange: "#ef6c00", yellow: "#f9a825", green: "#2e7d32", blue: "#1565c0", grey: "#616161" };

  // A card face with its colour as a stripe: the colour decides trajectories and pairs.
  function card(face) {
    const node = cardFace(face);
    if (face && face.colour) node.style.borderLeft = `0.5rem solid ${INK[face.colour] || face.colour}`;
    return node;
  }

  // Board y grows upwards (maths); SVG y grows downwards.
  const pt = (c) => [c[0], -c[1]];

  // A seat's car in its content colour (the page sets it); a robot's likewise.
  function carFill(car) {
    return car.seat !== null && car.seat !== undefined ? carColour(car.seat) : car.colour;
  }

  // Cars of a section spread along its centre line, the one in front nearest the exit.
  function sectionCars(section, names, byName) {
    const path = section.path.map(pt);
    const n = names.length;
    return names.map((name, k) => {
      const at = (path.length - 1) * (1 - (k + 1) / (n + 1));
      const i = Math.min(path.length - 2, Math.floor(at));
      const f = at - i;
      const x = path[i][0] + (path[i + 1][0] - path[i][0]) * f;
      const y = path[i][1] + (path[i + 1][1] - path[i][1]) * f;
      const car = byName[name];
      const fill = carFill(car);
      const label = car.seat !== null && car.seat !== undefined ? String(car.seat + 1) : "R";
      return svg("g", { class: "car", "data-testid": "car", "data-car": name },
        svg("title", { text: `${car.title}: ${car.place}, ${car.where}` }),
        svg("circle", { cx: x, cy: y, r: 0.42, fill, stroke: "#111", "stroke-width": car.mine ? 0.14 : 0.06 }),
        svg("text", { class: "carlabel", x, y, fill: inkOn(fill), text: label }));
    });
  }

  function trackSvg(board, t) {
    if (!board || !board.sections) return el("p", { class: "muted" }, "(no board)");
    const [x0, y0, x1, y1] = board.bounds;
    const pad = 1.2;
    const byName = Object.fromEntries(t.cars.map((c) => [c.name, c]));
    const shapes = board.sections.map((s, i) => {
      const here = t.sections[i];
      const points = s.outline.map(pt).map((p) => p.join(",")).join(" ");
      const [cx, cy] = pt(s.centre);
      const tip = `${s.number} ${s.name} (${s.kind}${here && here.duel !== null && here.duel !== undefined ? `, duel ${here.duel > 0 ? "+" : ""}${here.duel}` : ""})`
        + (here && here.cars.length ? `: ${here.cars.join(", ")}` : "");
      return svg("g", { class: `f90-section ${s.kind}`, "data-testid": "section", "data-number": s.number },
        svg("title", { text: tip }),
        svg("polygon", { points, fill: ROAD[s.kind] || ROAD.straight, stroke: "#2c2e31", "stroke-width": 0.05 }),
        svg("text", { class: "rowlabel", x: cx, y: cy - 1.1, text: String(s.number) }));
    });
    const cars = board.sections.flatMap((s, i) => sectionCars(s, (t.sections[i] || { cars: [] }).cars, byName));
    const [fa, fb] = board.finish.map(pt);
    return svg("svg", { class: "track f90-track", "data-testid": "board", role: "img",
      "aria-label": `${t.track}: ${board.sections.length} sections`,
      viewBox: `${x0 - pad} ${-y1 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}` },
      shapes,
      svg("line", { x1: fa[0], y1: fa[1], x2: fb[0], y2: fb[1], stroke: "#fff", "stroke-width": 0.2 }),
      cars);
  }

  function chartRows(t) {
    return t.cars.map((c) => el("tr", { class: c.mine ? "me" : "" },
      el("td", {}, c.place),
      el("td", {}, el("span", { class: "swatch", style: `background:${carFill(c)}`, "aria-hidden": "true" }), c.title),
      el("td", {}, c.where + (c.played ? " (played)" : "")),
      el("td", {}, String(c.tyres)), el("td", {}, c.wear), el("td", {}, c.fuel),
      el("td", {}, c.target ? `${c.target.name} (${c.target.value})` : ""),
      el("td", {}, c.strategy), el("td", {}, c.cards)));
  }

  function render(p, board) {
    const t = p.table;
    const parts = [el("p", { class: "muted" }, `${t.track} · ${t.phase}${t.leader ? ` · leader ${t.leader}` : ""} · ${t.decks}`),
      trackSvg(board, t)];
    if (t.activation.length) {
      parts.push(el("p", { "data-testid": "activation" }, el("strong", {}, "Activation order: "),
        t.activation.map((a, i) => el("span", { class: a.played ? "muted" : "" }, (i ? ", " : "") + a.car + (a.played ? " ✓" : "")))));
    }
    if (t.duel) {
      parts.push(el("div", { class: "prompt", "data-testid": "duel" }, el("strong", {}, `Duel at ${t.duel.where}: `),
        t.duel.members.join("; "), t.duel.revealed ? " (revealed)" : ""));
    }
    if (t.current) {
      parts.push(el("div", { "data-testid": "current" }, el("strong", {}, `${t.current.car} plays `),
        el("ul", { class: "cards small" }, t.current.cards.map((c) => card(c))),
        `${t.current.mp} MP`, t.current.checks.length ? ` · checks: ${t.current.checks.join("; ")}` : ""));
    }
    if (t.hand) {
      parts.push(el("h3", {}, "Your hand"), el("ul", { class: "cards", "data-testid": "hand" }, t.hand.map((c) => card(c))));
    }
    parts.push(el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
      el("thead", {}, el("tr", {}, ["Place", "Car", "Where", "Tyres", "Wear", "Fuel", "Target", "Strategy", "Hand"]
        .map((h) => el("th", {}, h)))),
      el("tbody", {}, chartRows(t)))));
    return parts;
  }

  registerGame("formula90", { render });
})();
