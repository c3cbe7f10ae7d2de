// Legend's table: the circuit with the cars, each car's Dashboard (tachometer with its pins,
// Temperature, Engine, Brakes and Tyres needles), and the cars' table. Registered with the page.
// Every text comes worded by the server in the reader's language: the table's ``words``, each
// car's ``words`` and the lines of a Stage race.
"use strict";
(() => {
  const { el, svg, swatch, registerGame } = Autodromo;

  function tachometer(car, max) {
    const w = car.words;
    const cx = 5, cy = 5, r = 4;
    const angle = (v) => Math.PI * (1 - v / max);
    const at = (v, rr) => [cx + rr * Math.cos(angle(v)), cy - rr * Math.sin(angle(v))];
    const g = svg("svg", { viewBox: "0 0 10 6.4", role: "img", "data-testid": "tachometer",
      "aria-label": w.tachometer });
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
    g.append(svg("text", { x: cx, y: cy + 1.2, "font-size": 0.8, "text-anchor": "middle", text: w.speed }));
    return g;
  }

  function bar(label, text, value, max, hot) {
    const pct = Math.max(0, Math.min(100, (100 * value) / (max || 1)));
    return [el("div", {}, text),
      el("div", { class: `bar${hot ? " hot" : ""}`, role: "meter", "aria-label": label, "aria-valuenow": value, "aria-valuemin": 0, "aria-valuemax": max },
        el("span", { style: `width:${pct}%` }))];
  }

  function dashboard(car, dash, words) {
    const w = car.words;
    return el("div", { class: "gauges", "data-testid": "gauges" },
      tachometer(car, dash.tachometer_max),
      el("div", { class: "bars" },
        el("strong", {}, w.car_driver),
        bar(words.temperature, w.temperature, car.temperature, dash.temperature_max, car.temperature >= dash.temperature_max - 2),
        bar(words.engine, w.engine, car.engine, car.engine_max, car.engine <= 2),
        bar(words.brakes, w.brakes, car.brakes, car.brakes_max, car.brakes <= 1),
        car.flat_tire ? el("div", { class: "error" }, w.tires) : bar(words.tires, w.tires, car.tires, dash.tires_max, car.tires <= 3),
        el("div", {},
          el("span", { class: `switch${car.battery_ok ? "" : " off"}` }, w.battery),
          el("span", { class: `switch${car.headlights_ok ? "" : " off"}` }, w.headlights)),
        el("div", { class: "muted" }, w.handling),
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
      role: "img", "aria-label": clock.label, style: "display:flex;gap:.6em;align-items:center" },
    face, el("strong", { style: "font-size:1.3em" }, clock.words));
  }

  // The stage as the seat sees it: markers it cannot read face down ("?"), Technical
  // Assistance tiles ringed, the start line and the Arrivo or Check Point line past the last row.
  function stageBoard(t, stage, cars, plan, onPlan) {
    const seen = t.markers.turns;
    const b = { ...stage, rows: stage.rows.map((r) => ({ ...r,
      turn: r.turn_index === null || r.turn_index === undefined ? r.turn : (seen[r.turn_index] || "?") })) };
    const root = Board.draw(b, cars, plan, onPlan);
    root.setAttribute("aria-label", t.stage_board.label);
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
        text: t.stage_board.sign }));
    root.append(marks);
    // The start line's name beside row 0, outside its left lane.
    const first = stage.rows[0].cells.map(pt);
    const [a, z] = [first[0], first[first.length - 1]];
    const across = Math.hypot(a[0] - z[0], a[1] - z[1]) || 1;
    root.append(svg("text", { class: "marker", x: a[0] + (a[0] - z[0]) / across * 0.9, y: a[1] + (a[1] - z[1]) / across * 0.9 + 0.3,
      "text-anchor": "start", text: t.words.start, "data-testid": "start-line", "pointer-events": "none" }));
    return root;
  }

  function timeChart(t) {
    const n = t.stage.of;
    const head = t.time_chart_columns;
    const rows = t.time_chart.map((r) => el("tr", { "data-seat": r.seat },
      el("td", {}, r.retired ? "—" : r.place), el("td", {}, swatch(r.seat), r.name),
      ...[...Array(n).keys()].map((k) => {
        const st = r.stages[k];
        if (!st) return el("td", {}, "");
        const run = st.finish ? `${st.start} → ${st.finish} (${st.speed})` : st.start;
        return el("td", {}, run, st.notes ? el("span", { class: "breakdown" }, ` ${st.notes}`) : "");
      }),
      el("td", {}, r.retired ? r.retired_time : r.racing_time)));
    return el("div", { class: "scroll" }, el("h3", {}, t.words.time_chart),
      el("table", { class: "cars-table", "data-testid": "time-chart" },
        el("thead", {}, el("tr", {}, head.map((h) => el("th", {}, h)))), el("tbody", {}, rows)));
  }

  function renderStage(p, board, onPlan, carsTable) {
    const t = p.table;
    const stage = board.stages[t.stage.index];
    const onRoad = t.cars.filter((c) => c.status === "racing" || c.status === "off_road");
    const cars = onRoad.map((c) => ({ seat: c.seat, car: c.seat, row: c.row, lane: c.lane,
      title: c.words.title, faded: c.status === "off_road" }));
    const starts = t.start_times ? el("p", { "data-testid": "start-times" }, t.start_times) : "";
    return [
      el("h2", { "data-testid": "stage-title" }, t.stage_title),
      el("p", { class: "muted", "data-testid": "stage-finish" }, t.line),
      chrono(t.clock),
      starts,
      stageBoard(t, stage, cars, p.plan, onPlan),
      p.plan && p.plan.length
        ? el("p", { id: "reach-info", class: "muted", "aria-live": "polite", "data-testid": "reach-info" },
          t.words.reach)
        : "",
      stageKey(t.words.key),
      timeChart(t),
      el("h3", {}, t.words.cars),
      carsTable,
    ];
  }

  function stageKey(k) {
    const item = (style, text) => el("li", {}, el("span", { class: "key", style, "aria-hidden": "true" }), text);
    return el("ul", { class: "board-key", "data-testid": "board-key" },
      item("background:#8f959e", k.best_line), item("background:#56B4E9;border:1px solid #fff", k.assistance),
      item("background:#fff", k.reach), el("li", {}, k.stage));
  }

  function render(p, board, onPlan) {
    const t = p.table;
    // Before the grid is placed every car reads the first space: none is drawn until then.
    const cars = t.cars.filter((c) => c.placed !== false).map((c) => ({ seat: c.seat, car: c.seat, row: c.row, lane: c.lane,
      title: c.words.title, faded: c.status === "retired" }));
    const rows = t.cars.map((c) => el("tr", { "data-seat": c.seat, class: c.active ? "active" : "" },
      el("td", {}, swatch(c.seat)),
      el("td", {}, c.words.name),
      el("td", {}, c.driver),
      el("td", {}, c.where),
      el("td", {}, `${c.speed}`),
      el("td", {}, c.words.dashboard,
        c.words.spares ? el("div", { class: "muted", "data-testid": "car-spares" }, c.words.spares) : "")));
    if (t.stage && board && board.stages) {
      return renderStage(p, board, onPlan, el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
        el("thead", {}, el("tr", {}, t.words.columns.map((h) => el("th", {}, h)))),
        el("tbody", {}, rows))));
    }
    const parts = [
      el("p", { class: "muted" }, t.line),
      Board.draw(board, cars, p.plan, onPlan),
      p.plan && p.plan.length
        ? el("p", { id: "reach-info", class: "muted", "aria-live": "polite", "data-testid": "reach-info" },
          t.words.reach)
        : "",
      key(t.words.key),
      el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
        el("thead", {}, el("tr", {}, t.words.columns.map((h) => el("th", {}, h)))),
        el("tbody", {}, rows))),
    ];
    return parts;
  }

  // The board's key: what each cell colour means (colour is backed by shape or text elsewhere).
  function key(k) {
    const item = (cls, text) => el("li", {}, el("span", { class: `key ${cls}`, "aria-hidden": "true" }), text);
    return el("ul", { class: "board-key", "data-testid": "board-key" },
      item("best", k.best_line), item("uphill", k.uphill), item("downhill", k.downhill), item("box", k.box),
      item("reach", k.reach), item("risk", k.risk), el("li", {}, k.track));
  }

  // The Dashboard of the car to act, beside the decisions; on a player's phone, their own car's.
  function aside(p, board, where) {
    const t = p.table;
    const own = where && where.phone ? t.cars.find((c) => c.seat === p.seat) : null;
    const car = own || t.cars.find((c) => c.active);
    if (!car || !board.dashboard) return [];
    return [dashboard(car, board.dashboard, t.words)];
  }

  registerGame("legend", { render, aside });
})();
