// The track as SVG (from the geometry the server sends), row numbers, the cars, the reachable
// cells with their cost and risk, and a car's move animated along its path.
"use strict";

const Board = (() => {
  const { svg, el, carColour, carShape, inkOn } = Autodromo;
  const R = 0.42;

  // Where the pointer last pressed. After a click on a space the car stands there and the next
  // round's "stop" space is drawn under the pointer that has not moved: the browser reports it
  // entered, and the caption told an option nobody pointed at (issue 32). Only a pointer that
  // moved since the press points at a space.
  let pressed = null;
  // A pointer event's coordinates are fractional, a mouse event's whole: within a pixel is still.
  const moved = (e) => !pressed || Math.abs(e.clientX - pressed[0]) >= 1 || Math.abs(e.clientY - pressed[1]) >= 1;
  document.addEventListener("pointerdown", (e) => { pressed = [e.clientX, e.clientY]; }, true);
  document.addEventListener("pointermove", (e) => { if (moved(e)) pressed = null; }, true);

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
    return (p.risk ? 1000 : 0) + (p.engine || 0) + (p.brakes || 0) + (p.tires || 0) + (p.temperature || 0);
  }

  // One square per reachable cell: the cheapest way there (fewest decisions on a tie).
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

  function planText(p) {
    return `${p.where}: speed ${p.speed}, ${p.cost}` + (p.risk ? ` — risk: ${p.risk}` : "");
  }

  // Row numbers beside the left edge, every few rows and at the finish, as the log names rows.
  function rowLabels(board) {
    const g = svg("g", { class: "row-labels", "aria-hidden": "true" });
    const every = board.rows.length > 40 ? 6 : 3;
    board.rows.forEach((row, i) => {
      if (i % every !== 0) return;
      const cells = row.cells;
      const [x0, y0] = pt(cells[0]);
      const [x1, y1] = pt(cells[Math.min(1, cells.length - 1)]);
      const len = Math.hypot(x0 - x1, y0 - y1) || 1;
      const nx = (x0 - x1) / len, ny = (y0 - y1) / len;
      g.append(svg("text", { class: "rowlabel", x: x0 + nx * 0.95, y: y0 + ny * 0.95, text: String(i + 1) }));
    });
    return g;
  }

  // cars: [{seat, row, lane, title, faded}]; onChoose(plan) when a reachable cell is picked.
  function draw(board, cars, plan, onChoose) {
    const [x0, y0, x1, y1] = board.bounds;
    const m = 1.8;
    const root = svg("svg", { class: "track", viewBox: `${x0 - m} ${-y1 - m} ${x1 - x0 + 2 * m} ${y1 - y0 + 2 * m}`,
      role: "img", "aria-label": Autodromo.tr("{board}: the track and the cars", { board: board.name }), "data-testid": "board" });
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
    root.append(cells, rowLabels(board));
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
    const spots = bestPlans(plan).map((p) => {
      const row = board.rows[p.row % board.rows.length];
      return row ? [p, pt(row.cells[p.lane])] : null;
    }).filter(Boolean);
    for (const [p, [x, y]] of spots) {
      // On the inside of a tight turn two spaces nearly touch: each square stays clickable.
      const near = Math.min(...spots.filter((s) => s[0] !== p).map(([, [u, v]]) => Math.hypot(u - x, v - y)), 9);
      const h = Math.min(0.36, near * 0.47);
      const label = planText(p);
      const node = svg("rect", { class: `reach${p.risk ? " risk" : ""}`, x: x - h, y: y - h, width: 2 * h, height: 2 * h, rx: h / 3,
        tabindex: 0, role: "button", "aria-label": `drive to ${label}`,
        "data-testid": "reach", "data-row": p.row, "data-lane": p.lane, "data-progress": p.progress });
      node.append(svg("title", { text: `${label}\n${p.steps.join(", ")}` }));
      const go = () => onChoose && onChoose(p);
      // What the space costs, in words, for the pointer and the keyboard alike.
      const tell = () => {
        const info = document.getElementById("reach-info");
        if (info) info.textContent = `${label}. The way: ${p.steps.join(", ")}`;
      };
      const point = (e) => { if (moved(e)) tell(); };
      node.addEventListener("mouseenter", point);
      node.addEventListener("mousemove", point);
      node.addEventListener("focus", tell);
      node.addEventListener("click", go);
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
      reach.append(node, svg("text", { class: "costlabel", x, y: y + 0.05, text: p.risk ? "!" : `${p.speed}` }));
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
      const node = carNode(c.seat, x + k * 0.22, y - k * 0.22, c.title, c.faded);
      node.dataset.car = c.car !== undefined ? c.car : c.seat;
      // A car a decision is made on (a card played onto it): the page binds its place.
      if (c.place) node.dataset.place = c.place;
      node.dataset.x = x;
      node.dataset.y = y;
      carLayer.append(node);
    }
    root.append(carLayer);
    return root;
  }

  // Moves a drawn car along `path` ([row, lane] cells, its new cell last), `ms` a space; the
  // promise resolves at the end, or at once when `skip()` is called.
  function animate(root, board, car, path, ms) {
    const node = root.querySelector(`g.car[data-car="${car}"]`);
    if (!node || !path || path.length < 2) return { done: Promise.resolve(), skip() {} };
    const fx = Number(node.dataset.x), fy = Number(node.dataset.y);
    const points = path.map(([row, lane]) => {
      const r = board.rows[((row % board.rows.length) + board.rows.length) % board.rows.length];
      return pt(r.cells[Math.min(lane, r.cells.length - 1)]);
    });
    let stop = false;
    let finish;
    const done = new Promise((resolve) => { finish = resolve; });
    const place = ([x, y]) => node.setAttribute("transform", `translate(${x - fx} ${y - fy})`);
    place(points[0]);
    let i = 0;
    const tick = () => {
      i += 1;
      if (stop || i >= points.length) {
        node.removeAttribute("transform");
        finish();
        return;
      }
      place(points[i]);
      setTimeout(tick, ms);
    };
    setTimeout(tick, ms);
    return { done, skip() { stop = true; node.removeAttribute("transform"); finish(); } };
  }

  return { draw, animate, bestPlans, planText };
})();
