// The track as SVG (from the content geometry the server sends), the cars, the reachable cells
// from plan_moves, and Legend's Dashboard as gauges.
"use strict";

const Board = (() => {
  const { svg, el, carColour, carShape, inkOn } = Autodromo;
  const R = 0.42;

  // Board y grows upwards (maths); SVG y grows downwards.
  const pt = (c) => [c[0], -c[1]];

  function direction(board, row) {
    const rows = board.rows;
    const a = rows[row].cells, b = rows[(row + 1) % rows.length].cells;
    const mid = (cells) => cells[Math.floor(cells.length / 2)];
    const [ax, ay] = pt(mid(a)), [bx, by] = pt(mid(b));
    const len = Math.hypot(bx - ax, by - ay) || 1;
    return [(bx - ax) / len, (by - ay) / len];
  }

  // A line across the road half a space before `row` (entry, exit and finish lines).
  function lineAcross(board, row, cls) {
    const cells = board.rows[row].cells;
    const [dx, dy] = direction(board, row);
    const [x0, y0] = pt(cells[0]), [x1, y1] = pt(cells[cells.length - 1]);
    const ex = (x1 - x0) / (cells.length - 1 || 1) * 0.6, ey = (y1 - y0) / (cells.length - 1 || 1) * 0.6;
    return svg("line", { class: cls, x1: x0 - ex - dx / 2, y1: y0 - ey - dy / 2, x2: x1 + ex - dx / 2, y2: y1 + ey - dy / 2 });
  }

  function carNode(seat, x, y, title, faded) {
    const fill = carColour(seat);
    const shape = carShape(seat);
    const r = 0.38;
    let body;
    if (shape === "square") body = svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r });
    else if (shape === "diamond") body = svg("polygon", { points: `${x},${y - r * 1.2} ${x + r * 1.2},${y} ${x},${y + r * 1.2} ${x - r * 1.2},${y}` });
    else if (shape === "triangle") body = svg("polygon", { points: `${x},${y - r * 1.2} ${x + r * 1.1},${y + r * 0.8} ${x - r * 1.1},${y + r * 0.8}` });
    else body = svg("circle", { cx: x, cy: y, r });
    body.setAttribute("fill", fill);
    body.setAttribute("stroke", "#fff");
    body.setAttribute("stroke-width", "0.07");
    return svg("g", { class: "car", "data-seat": seat, opacity: faded ? 0.45 : 1 },
      svg("title", { text: title }), body,
      svg("text", { class: "carlabel", x, y, fill: inkOn(fill), text: String(seat + 1) }));
  }

  function planCost(p) {
    return (p.damage ? 1000 : 0) + (p.off_road ? 500 : 0) + p.engine + p.brakes + p.tires + p.temperature;
  }

  function bestPlans(plan) {
    const best = new Map();
    for (const p of plan || []) {
      if (p.row === undefined || p.lane === undefined) continue;
      const key = `${p.row}:${p.lane}`;
      const old = best.get(key);
      if (!old || planCost(p) < planCost(old) || (planCost(p) === planCost(old) && p.decisions.length < old.decisions.length)) best.set(key, p);
    }
    return [...best.values()];
  }

  function costText(p) {
    const parts = [];
    if (p.engine) parts.push(`engine −${p.engine}`);
    if (p.brakes) parts.push(`brakes −${p.brakes}`);
    if (p.tires) parts.push(`tyres −${p.tires}`);
    if (p.temperature) parts.push(`temperature +${p.temperature}`);
    if (p.damage) parts.push("risk: damage");
    if (p.off_road) parts.push("risk: off the road");
    return `speed ${p.speed}` + (parts.length ? ", " + parts.join(", ") : ", no cost");
  }

  // cars: [{seat, row, lane, title, faded}]
  function draw(board, cars, plan, onChoose) {
    const [x0, y0, x1, y1] = board.bounds;
    const m = 1.6;
    const root = svg("svg", { class: "track", viewBox: `${x0 - m} ${-y1 - m} ${x1 - x0 + 2 * m} ${y1 - y0 + 2 * m}`,
      role: "img", "aria-label": `${board.name}: the track and the cars`, "data-testid": "board" });
    const mids = board.rows.map((r) => pt(r.cells[Math.floor(r.cells.length / 2)]));
    root.append(svg("polygon", { points: mids.map((p) => p.join(",")).join(" "), fill: "none",
      stroke: "#3a3c40", "stroke-width": board.lanes + 0.3, "stroke-linejoin": "round" }));
    const cells = svg("g", {});
    board.rows.forEach((row, i) => {
      row.cells.forEach((c, lane) => {
        const [x, y] = pt(c);
        const cls = ["cell", row.box ? "box" : "", row.slope !== "flat" ? row.slope : "", row.best === lane ? "best" : ""].join(" ");
        cells.append(svg("circle", { class: cls, cx: x, cy: y, r: R, "data-row": i, "data-lane": lane }));
      });
    });
    root.append(cells);
    const marks = svg("g", {});
    board.rows.forEach((row, i) => {
      if (row.entry) marks.append(lineAcross(board, i, "line"));
      if (row.exit) marks.append(lineAcross(board, (i + 1) % board.rows.length, "line"));
      if (row.entry && row.turn) {
        // The turn marker stands before the entry line, by the lane the best line starts from.
        const [dx, dy] = direction(board, i);
        const lane = row.best !== null && row.best !== undefined ? row.best : 1;
        const [x, y] = pt(row.cells[lane]);
        marks.append(svg("text", { class: "marker", x: x - dx * 1.2, y: y - dy * 1.2, text: row.turn,
          "data-testid": "turn-marker" }));
      }
    });
    const finish = lineAcross(board, 0, "finish");
    finish.setAttribute("stroke", "#000");
    finish.setAttribute("stroke-width", "0.3");
    finish.setAttribute("stroke-dasharray", "0.3 0.3");
    marks.append(lineAcross(board, 0, "finish-under"), finish);
    root.append(marks);

    const reach = svg("g", { "data-testid": "reachable" });
    for (const p of bestPlans(plan)) {
      const row = board.rows[p.row % board.rows.length];
      if (!row) continue;
      const [x, y] = pt(row.cells[p.lane]);
      const risky = p.damage || p.off_road;
      const label = `${p.decisions.join(", ")} → ${costText(p)}`;
      const node = svg("rect", { class: `reach${risky ? " risk" : ""}`, x: x - 0.45, y: y - 0.45, width: 0.9, height: 0.9, rx: 0.15,
        tabindex: 0, role: "button", "aria-label": `reach row ${p.row} lane ${p.lane}: ${label}`,
        "data-testid": "reach", "data-row": p.row, "data-lane": p.lane, "data-progress": p.progress });
      node.append(svg("title", { text: label }));
      const go = () => onChoose && onChoose(p.decisions);
      // What the space costs, in words, for the pointer and the keyboard alike.
      const tell = () => {
        const info = document.getElementById("reach-info");
        if (info) info.textContent = `Row ${p.row}, lane ${p.lane}: ${label}`;
      };
      node.addEventListener("mouseenter", tell);
      node.addEventListener("focus", tell);
      node.addEventListener("click", go);
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
      reach.append(node, svg("text", { class: "costlabel", x, y: y + 0.05, text: risky ? "!" : `${p.speed}` }));
    }
    root.append(reach);

    const stacks = new Map();
    const carLayer = svg("g", {});
    for (const c of cars) {
      const row = board.rows[c.row % board.rows.length];
      if (!row) continue;
      const key = `${c.row}:${c.lane}`;
      const k = stacks.get(key) || 0;
      stacks.set(key, k + 1);
      const [x, y] = pt(row.cells[Math.min(c.lane, row.cells.length - 1)]);
      carLayer.append(carNode(c.seat, x + k * 0.22, y - k * 0.22, c.title, c.faded));
    }
    root.append(carLayer);
    return root;
  }

  // --- Legend's Dashboard ---------------------------------------------------------------

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
        el("strong", {}, `${car.seat + 1}. ${car.name}`),
        bar("Temperature", car.temperature, dash.temperature_max, car.temperature >= dash.temperature_max - 2),
        bar("Engine", car.engine, car.engine_max, car.engine <= 2),
        bar("Brakes", car.brakes, car.brakes_max, car.brakes <= 1),
        car.flat_tire ? el("div", { class: "error" }, "Tyres: FLAT") : bar("Tyres", tires, dash.tires_max, car.tires <= 3),
        el("div", {},
          el("span", { class: `switch${car.battery_ok ? "" : " off"}` }, `battery ${car.battery_ok ? "on" : "failed"}`),
          el("span", { class: `switch${car.headlights_ok ? "" : " off"}` }, `headlights ${car.headlights_ok ? "on" : "failed"}`)),
        el("div", { class: "muted" }, `acceleration ${car.acceleration}, braking ${car.braking}${car.best_line ? ", on the best line" : ""}`)));
  }

  return { draw, dashboard, costText, bestPlans };
})();
