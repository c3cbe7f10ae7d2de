// Legend's table: the circuit with the cars, each car's Dashboard (tachometer with its pins,
// Temperature, Engine, Brakes and Tyres needles), and the cars' table. Registered with the page.
"use strict";
(() => {
  const { el, svg, swatch, registerGame } = Autodromo;

  function tachometer(car, max) {
    const cx = 5, cy = 5, r = 4;
    const angle = (v) => Math.PI * (1 - v / max);
    const at = (v, rr) => [cx + rr * Math.cos(angle(v)), cy - rr * Math.sin(angle(v))];
    const g = svg("svg", { viewBox: "0 0 10 6.4", role: "img", "data-testid": "tachometer",
      "aria-label": `tachometer: speed ${car.speed}, top speed ${car.top_speed}` });
    g.append(svg("path", { d: `M ${cx - r} ${cy} A ${r} ${r} 0 0 1 ${cx + r} ${cy}`, fill: "none", stroke: "#333", "stroke-width": 0.5 }));
    for (let v = 0; v <= max; v++) {
      const [ax, ay] = at(v, r - 0.35), [bx, by] = at(v, r + 0.25);
      g.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: v > car.top_speed ? "#D55E00" : "#333", "stroke-width": 0.12 }));
      const [tx, ty] = at(v, r - 0.9);
      g.append(svg("text", { x: tx, y: ty + 0.2, "font-size": 0.6, "text-anchor": "middle", text: String(v) }));
    }
    // The pins: the safe speed of each turn rating, as the book's pins on the tachometer.
    Object.entries(car.safe_speeds).forEach(([rating, v], k) => {
      const [px, py] = at(Math.min(v, max), r + 0.6 + (k % 2) * 0.45);
      g.append(svg("text", { x: px, y: py + 0.2, "font-size": 0.5, "text-anchor": "middle", fill: "#0072B2", "font-weight": "bold", text: rating }));
    });
    const [nx, ny] = at(Math.min(car.speed, max), r - 0.4);
    g.append(svg("line", { x1: cx, y1: cy, x2: nx, y2: ny, stroke: "#D55E00", "stroke-width": 0.25, "stroke-linecap": "round" }));
    g.append(svg("circle", { cx, cy, r: 0.35, fill: "#333" }));
    g.append(svg("text", { x: cx, y: cy + 1.2, "font-size": 0.8, "text-anchor": "middle", text: `speed ${car.speed} / top ${car.top_speed}` }));
    return g;
  }

  function bar(label, value, max, hot) {
    const pct = Math.max(0, Math.min(100, (100 * value) / (max || 1)));
    return [el("div", {}, `${label}: ${value} / ${max}`),
      el("div", { class: `bar${hot ? " hot" : ""}`, role: "meter", "aria-label": label, "aria-valuenow": value, "aria-valuemin": 0, "aria-valuemax": max },
        el("span", { style: `width:${pct}%` }))];
  }

  function dashboard(car, dash) {
    const tires = car.flat_tire ? "FLAT" : car.tires;
    return el("div", { class: "gauges", "data-testid": "gauges" },
      tachometer(car, dash.tachometer_max),
      el("div", { class: "bars" },
        el("strong", {}, `${car.name} (${car.driver})`),
        bar("Temperature", car.temperature, dash.temperature_max, car.temperature >= dash.temperature_max - 2),
        bar("Engine", car.engine, car.engine_max, car.engine <= 2),
        bar("Brakes", car.brakes, car.brakes_max, car.brakes <= 1),
        car.flat_tire ? el("div", { class: "error" }, "Tyres: FLAT") : bar("Tyres", tires, dash.tires_max, car.tires <= 3),
        el("div", {},
          el("span", { class: `switch${car.battery_ok ? "" : " off"}` }, `battery ${car.battery_ok ? "on" : "failed"}`),
          el("span", { class: `switch${car.headlights_ok ? "" : " off"}` }, `headlights ${car.headlights_ok ? "on" : "failed"}`)),
        el("div", { class: "muted" }, `acceleration ${car.acceleration}, braking ${car.braking}${car.best_line ? ", on the best line" : ""}`),
        car.next_turn ? el("div", { "data-testid": "next-turn" }, car.next_turn) : ""));
  }


  function render(p, board, onPlan) {
    const t = p.table;
    const cars = t.cars.map((c) => ({ seat: c.seat, car: c.seat, row: c.row, lane: c.lane,
      title: `${c.name} (${c.driver}): speed ${c.speed}, ${c.where}`, faded: c.status === "retired" }));
    const rows = t.cars.map((c) => el("tr", { "data-seat": c.seat, class: c.active ? "active" : "" },
      el("td", {}, swatch(c.seat)),
      el("td", {}, `${c.name}${c.neutral ? " (Neutral)" : ""}`),
      el("td", {}, c.driver),
      el("td", {}, c.where),
      el("td", {}, `${c.speed}`),
      el("td", {}, `Temperature ${c.temperature}, Engine ${c.engine}, Brakes ${c.brakes}, Tyres ${c.flat_tire ? "flat" : c.tires}`)));
    const active = t.cars.find((c) => c.active);
    const parts = [
      el("p", { class: "muted" }, `${t.circuit} · ${t.laps} lap${t.laps === 1 ? "" : "s"} · weather ${t.weather}`
        + (t.moves_left !== null && t.moves_left !== undefined && active ? ` · ${active.name}: ${t.moves_left} MP left` : "")),
      Board.draw(board, cars, p.plan, onPlan),
      p.plan && p.plan.length
        ? el("p", { id: "reach-info", class: "muted", "aria-live": "polite", "data-testid": "reach-info" },
          "Point at or tab to a highlighted space to see its cost; click it to drive there.")
        : "",
      key(),
      el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
        el("thead", {}, el("tr", {}, ["", "Car", "Driver", "Where", "Speed", "Dashboard"].map((h) => el("th", {}, h)))),
        el("tbody", {}, rows))),
    ];
    return parts;
  }

  // The board's key: what each cell colour means (colour is backed by shape or text elsewhere).
  function key() {
    const item = (cls, text) => el("li", {}, el("span", { class: `key ${cls}`, "aria-hidden": "true" }), text);
    return el("ul", { class: "board-key", "data-testid": "board-key" },
      item("best", "best line"), item("uphill", "uphill"), item("downhill", "downhill"), item("box", "Box (pit lane entry)"),
      item("reach", "reachable: the number is your speed there"), item("risk", "! reachable with a risk"),
      el("li", {}, "A–E turn markers; white lines: entry and exit; dashed: finish; small numbers: rows"));
  }

  // The Dashboard of the car to act, beside the decisions.
  function aside(p, board) {
    const t = p.table;
    const car = t.cars.find((c) => c.active);
    if (!car || !board.dashboard) return [];
    return [dashboard(car, board.dashboard)];
  }

  registerGame("legend", { render, aside });
})();
