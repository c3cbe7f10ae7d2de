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


  // --- Stage races: the stage's open road, the Chrono, start times, the Time Chart ---------

  const pt = (c) => [c[0], -c[1]];

  // The Chrono board: a clock face with its hands, day or night, fog.
  function chrono(clock) {
    const [h, m] = clock.time.split(":").map(Number);
    const hand = (turns, len, w) => {
      const a = 2 * Math.PI * turns;
      return svg("line", { x1: 0, y1: 0, x2: len * Math.sin(a), y2: -len * Math.cos(a), stroke: clock.night ? "#f4f4f4" : "#222",
        "stroke-width": w, "stroke-linecap": "round" });
    };
    const face = svg("svg", { viewBox: "-1.2 -1.2 2.4 2.4", class: "chrono-face", width: 64, height: 64, "aria-hidden": "true" },
      svg("circle", { cx: 0, cy: 0, r: 1.1, fill: clock.night ? "#1d2440" : "#fdf6d8", stroke: "#555", "stroke-width": 0.06 }),
      ...[...Array(12).keys()].map((k) => svg("circle", { cx: Math.sin(k * Math.PI / 6), cy: -Math.cos(k * Math.PI / 6), r: 0.05,
        fill: clock.night ? "#ddd" : "#555" })),
      hand(((h % 12) + m / 60) / 12, 0.55, 0.12), hand(m / 60, 0.85, 0.07));
    if (clock.fog) face.append(svg("rect", { x: -1.2, y: -1.2, width: 2.4, height: 2.4, fill: "#c8c8c8", "fill-opacity": 0.55 }));
    return el("div", { class: "chrono", "data-testid": "clock", "data-night": clock.night ? "1" : "0", "data-fog": clock.fog ? "1" : "0",
      role: "img", "aria-label": `Chrono ${clock.words}`, style: "display:flex;gap:.6em;align-items:center" },
    face, el("strong", { style: "font-size:1.3em" }, clock.words));
  }

  // The stage as the seat sees it: markers it cannot read face down ("?"), Technical
  // Assistance tiles ringed, the start line and the Arrivo or Check Point line past the last row.
  function stageBoard(t, stage, cars, plan, onPlan) {
    const seen = t.markers.turns;
    const b = { ...stage, rows: stage.rows.map((r) => ({ ...r,
      turn: r.turn_index === null || r.turn_index === undefined ? r.turn : (seen[r.turn_index] || "?") })) };
    const root = Board.draw(b, cars, plan, onPlan);
    root.setAttribute("aria-label", `${t.stage.name}: the stage and the cars`);
    // Board.draw closes a circuit; an open road is a line from the start to the finish.
    const road = root.querySelector("polygon");
    if (road) road.replaceWith(svg("polyline", { points: road.getAttribute("points"), fill: "none", stroke: "#3a3c40",
      "stroke-width": b.lanes + 0.3, "stroke-linejoin": "round", "stroke-linecap": "round" }));
    for (const n of root.querySelectorAll(".finish, .finish-under")) n.remove();
    b.rows.forEach((row, i) => {
      if (!row.assistance) return;
      for (const c of root.querySelectorAll(`circle.cell[data-row="${i}"]`)) {
        c.classList.add("assistance");
      }
    });
    // Lines come as [left end, right end]: the sign stands beyond the left edge of the road.
    const [[x0, y0], [x1, y1]] = stage.finish_line.map(pt);
    const len = Math.hypot(x0 - x1, y0 - y1) || 1;
    const [ox, oy] = [(x0 - x1) / len, (y0 - y1) / len];
    const marks = svg("g", { "data-testid": "finish-line", "pointer-events": "none" });
    marks.append(svg("line", { x1: x0, y1: y0, x2: x1, y2: y1, stroke: "#fff", "stroke-width": 0.3 }),
      svg("line", { x1: x0, y1: y0, x2: x1, y2: y1, stroke: t.stage.checkpoint ? "#D55E00" : "#000", "stroke-width": 0.3, "stroke-dasharray": "0.3 0.3" }),
      svg("text", { class: "marker", x: x0 + ox * 0.7, y: y0 + oy * 0.7 + 0.3, "text-anchor": "end",
        text: t.stage.checkpoint ? `Check Point ≤ ${t.stage.speed_limit}` : "Arrivo" }));
    root.append(marks);
    // "Start" beside row 0, outside its left lane.
    const first = stage.rows[0].cells.map(pt);
    const [a, z] = [first[0], first[first.length - 1]];
    const across = Math.hypot(a[0] - z[0], a[1] - z[1]) || 1;
    root.append(svg("text", { class: "marker", x: a[0] + (a[0] - z[0]) / across * 0.9, y: a[1] + (a[1] - z[1]) / across * 0.9 + 0.3,
      "text-anchor": "start", text: "Start", "data-testid": "start-line", "pointer-events": "none" }));
    return root;
  }

  function timeChart(t) {
    const n = t.stage.of;
    const head = ["Place", "Car", ...[...Array(n).keys()].map((k) => `Stage ${k + 1}: Chrono at start → finish (speed)`), "Racing time"];
    const rows = t.time_chart.map((r) => el("tr", { "data-seat": r.seat },
      el("td", {}, r.retired ? "—" : r.place), el("td", {}, swatch(r.seat), r.name),
      ...[...Array(n).keys()].map((k) => {
        const st = r.stages[k];
        if (!st) return el("td", {}, "");
        const run = st.finish ? `${st.start} → ${st.finish} (${st.speed})` : st.start;
        return el("td", {}, run, st.notes ? el("span", { class: "breakdown" }, ` ${st.notes}`) : "");
      }),
      el("td", {}, r.retired ? `retired (${r.racing_time})` : r.racing_time)));
    return el("div", { class: "scroll" }, el("h3", {}, "Time Chart"),
      el("table", { class: "cars-table", "data-testid": "time-chart" },
        el("thead", {}, el("tr", {}, head.map((h) => el("th", {}, h)))), el("tbody", {}, rows)));
  }

  function renderStage(p, board, onPlan, carsTable) {
    const t = p.table;
    const stage = board.stages[t.stage.index];
    const onRoad = t.cars.filter((c) => c.status === "racing" || c.status === "off_road");
    const cars = onRoad.map((c) => ({ seat: c.seat, car: c.seat, row: c.row, lane: c.lane,
      title: `${c.name} (${c.driver}): speed ${c.speed}, ${c.where}`, faded: c.status === "off_road" }));
    const active = t.cars.find((c) => c.active);
    const starts = t.starts.length
      ? el("p", { "data-testid": "start-times" }, "Start times: ", t.starts.map((s) => `${s.name} at ${s.at}`).join(", "))
      : "";
    return [
      el("h2", { "data-testid": "stage-title" }, `${t.route} · Stage ${t.stage.number} of ${t.stage.of}: ${t.stage.name}`),
      el("p", { class: "muted", "data-testid": "stage-finish" }, `${t.stage.length} rows to the ${t.stage.finish}`
        + ` · weather ${t.weather}${t.markers.face_down ? " · markers face down" : ""}`
        + (t.moves_left !== null && t.moves_left !== undefined && active ? ` · ${active.name}: ${t.moves_left} MP left` : "")),
      chrono(t.clock),
      starts,
      stageBoard(t, stage, cars, p.plan, onPlan),
      p.plan && p.plan.length
        ? el("p", { id: "reach-info", class: "muted", "aria-live": "polite", "data-testid": "reach-info" },
          "Point at or tab to a highlighted space to see its cost; click it to drive there.")
        : "",
      stageKey(),
      timeChart(t),
      el("h3", {}, "Cars"),
      carsTable,
    ];
  }

  function stageKey() {
    const item = (style, text) => el("li", {}, el("span", { class: "key", style, "aria-hidden": "true" }), text);
    return el("ul", { class: "board-key", "data-testid": "board-key" },
      item("background:#8f959e", "best line"), item("background:#56B4E9;border:1px solid #fff", "Technical Assistance tile"),
      item("background:#fff", "reachable: the number is your speed there"),
      el("li", {}, "A–E turn markers, ? face down (night without headlights, fog); the dashed line past the last row is the Arrivo or the Check Point"));
  }

  function render(p, board, onPlan) {
    const t = p.table;
    // Before the grid is placed every car reads the first space: none is drawn until then.
    const cars = t.cars.filter((c) => c.placed !== false).map((c) => ({ seat: c.seat, car: c.seat, row: c.row, lane: c.lane,
      title: `${c.name} (${c.driver}): speed ${c.speed}, ${c.where}`, faded: c.status === "retired" }));
    const rows = t.cars.map((c) => el("tr", { "data-seat": c.seat, class: c.active ? "active" : "" },
      el("td", {}, swatch(c.seat)),
      el("td", {}, `${c.name}${c.neutral ? " (Neutral)" : ""}`),
      el("td", {}, c.driver),
      el("td", {}, c.where),
      el("td", {}, `${c.speed}`),
      el("td", {}, `Temperature ${c.temperature}, Engine ${c.engine}, Brakes ${c.brakes}, Tyres ${c.flat_tire ? "flat" : c.tires}`)));
    if (t.stage && board && board.stages) {
      return renderStage(p, board, onPlan, el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
        el("thead", {}, el("tr", {}, ["", "Car", "Driver", "Where", "Speed", "Dashboard"].map((h) => el("th", {}, h)))),
        el("tbody", {}, rows))));
    }
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

  // The Dashboard of the car to act, beside the decisions; on a player's phone, their own car's.
  function aside(p, board, where) {
    const t = p.table;
    const own = where && where.phone ? t.cars.find((c) => c.seat === p.seat) : null;
    const car = own || t.cars.find((c) => c.active);
    if (!car || !board.dashboard) return [];
    return [dashboard(car, board.dashboard)];
  }

  registerGame("legend", { render, aside });
})();
