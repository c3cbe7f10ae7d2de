// Race! Formula 90's table: the section track as the core laid it out, each section with its
// cars in order (the first at the front), the activation order, a duel, each car's chart, the
// hand as card faces and the play being made. Registered with the page.
"use strict";
(() => {
  const { el, svg, cardFace, carColour, inkOn, registerGame } = Autodromo;

  // The game's own stylesheet, beside the page's (the CSP admits this server's files).
  if (!document.querySelector("link[data-f90]")) {
    document.head.append(el("link", { rel: "stylesheet", href: "/static/games/formula90.css", "data-f90": "" }));
  }

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

  // Cars of a section spread along its centre line, the one in front nearest the exit; a yellow
  // flag takes its place in the queue, behind the cars ahead of it.
  function sectionCars(section, here, byName, help) {
    const path = section.path.map(pt);
    // The Safety Car stands ahead of the leader in its section: the first place of the queue.
    const sc = here.safety_car ? 1 : 0;
    const names = here.cars;
    const flagAt = here.yellow === null || here.yellow === undefined ? -1 : here.yellow + sc;
    const n = names.length + sc + (flagAt >= 0 ? 1 : 0);
    const spot = (k) => {
      const at = (path.length - 1) * (1 - (k + 1) / (n + 1));
      const i = Math.min(path.length - 2, Math.floor(at));
      const f = at - i;
      return [path[i][0] + (path[i + 1][0] - path[i][0]) * f, path[i][1] + (path[i + 1][1] - path[i][1]) * f];
    };
    const out = names.map((name, k) => {
      const [x, y] = spot(k + sc >= flagAt && flagAt >= 0 ? k + sc + 1 : k + sc);
      const car = byName[name];
      const fill = carFill(car);
      const label = car.seat !== null && car.seat !== undefined ? String(car.seat + 1) : "R";
      // The blue and orange pawns stand on the chart: drawn as small dots beside the car.
      const pawns = (car.flags || []).map((f, j) => svg("circle", { class: `f90-pawn ${f.flag}`, "data-testid": `pawn-${f.flag}`,
        cx: x + 0.42, cy: y - 0.42 + j * 0.34, r: 0.17 }));
      // A car on the Extreme Trajectory stands inside a diamond.
      const et = car.on_extreme ? svg("polygon", { class: "f90-on-extreme", "data-testid": "on-extreme",
        points: `${x},${y - 0.62} ${x + 0.62},${y} ${x},${y + 0.62} ${x - 0.62},${y}` }) : null;
      return svg("g", { class: "car", "data-testid": "car", "data-car": name, "data-place": car.spot },
        svg("title", { text: car.tip }),
        et,
        svg("circle", { cx: x, cy: y, r: 0.42, fill, stroke: "#111", "stroke-width": car.mine ? 0.14 : 0.06,
          class: car.status === "off track" ? "f90-off-track" : null }),
        svg("text", { class: "carlabel", x, y, fill: inkOn(fill), text: label }), pawns);
    });
    if (sc) {
      const [x, y] = spot(0);
      out.push(svg("g", { class: "f90-safety-car", "data-testid": "safety-car" }, svg("title", { text: help.safetyCar }),
        svg("rect", { x: x - 0.5, y: y - 0.3, width: 1, height: 0.6, rx: 0.12 }),
        svg("text", { class: "carlabel", x, y, text: "SC" })));
    }
    if (flagAt >= 0) {
      const [x, y] = spot(flagAt);
      out.push(svg("g", { class: "f90-yellow", "data-testid": "yellow-flag", "data-section": section.number },
        svg("title", { text: help.yellow }),
        svg("line", { x1: x, y1: y + 0.45, x2: x, y2: y - 0.5, stroke: "#111", "stroke-width": 0.06 }),
        svg("polygon", { points: `${x},${y - 0.5} ${x + 0.55},${y - 0.3} ${x},${y - 0.1}`, fill: "#f9d71c", stroke: "#111", "stroke-width": 0.04 })));
    }
    return out;
  }

  function trackSvg(board, t) {
    if (!board || !board.sections) return el("p", { class: "muted" }, t.words.no_board);
    const [x0, y0, x1, y1] = board.bounds;
    const pad = 1.2;
    const byName = Object.fromEntries(t.cars.map((c) => [c.name, c]));
    const shapes = board.sections.map((s, i) => {
      const here = t.sections[i];
      const points = s.outline.map(pt).map((p) => p.join(",")).join(" ");
      const [cx, cy] = pt(s.centre);
      const tip = here ? here.tip : `${s.number} ${s.name}`;
      // The Extreme Trajectory's diamond with its bonus, beside the section's number; a Safety
      // Car point as "SC" under it.
      const et = here && here.extreme ? svg("g", { class: "f90-extreme", "data-testid": "extreme", "data-section": s.number },
        svg("title", { text: `${here.extreme.text}. ${here.extreme.help}` }),
        svg("polygon", { points: `${cx + 0.9},${cy - 1.5} ${cx + 1.3},${cy - 1.1} ${cx + 0.9},${cy - 0.7} ${cx + 0.5},${cy - 1.1}`,
          fill: INK[here.extreme.colours[0]] || "#fff", stroke: "#111", "stroke-width": 0.05 }),
        svg("text", { class: "f90-extreme-bonus", x: cx + 0.9, y: cy - 1.1, text: `+${here.extreme.bonus}` })) : null;
      const scPoint = here && here.safety_car_point ? svg("text", { class: "f90-sc-point", "data-testid": "safety-car-point",
        x: cx, y: cy + 1.3, text: "SC" }, svg("title", { text: t.conditions.safety_car ? t.conditions.safety_car.point_help : "" })) : null;
      return svg("g", { class: `f90-section ${s.kind}`, "data-testid": "section", "data-number": s.number, "data-place": `section:${s.number}` },
        svg("title", { text: tip }),
        svg("polygon", { points, fill: ROAD[s.kind] || ROAD.straight, stroke: "#2c2e31", "stroke-width": 0.05 }),
        svg("text", { class: "rowlabel", x: cx, y: cy - 1.1, text: String(s.number) }), et, scPoint);
    });
    const flags = t.conditions.flags;
    const help = { yellow: flags ? flags.help.yellow : "", safetyCar: t.conditions.safety_car ? t.conditions.safety_car.help : "" };
    const cars = board.sections.flatMap((s, i) => sectionCars(s, t.sections[i] || { cars: [] }, byName, help));
    const [fa, fb] = board.finish.line.map(pt);
    // The sky over the track, in a corner of the board (its help on hover).
    const w = t.conditions.weather;
    const sky = w ? svg("g", { class: "f90-sky", "data-testid": "board-sky" }, svg("title", { text: w.help }),
      svg("text", { x: x0 - pad + 0.3, y: -y1 - pad + 1.2, class: "f90-sky-icon", text: `${w.icon} ${w.sky_text}` })) : null;
    return svg("svg", { class: "track f90-track", "data-testid": "board", role: "img", "aria-label": t.board_label,
      viewBox: `${x0 - pad} ${-y1 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}` },
      shapes,
      svg("line", { x1: fa[0], y1: fa[1], x2: fb[0], y2: fb[1], stroke: "#fff", "stroke-width": 0.2 }),
      cars, sky);
  }

  // The weather track: a row of spaces by check factor, the pawn's space marked.
  function weatherTrack(w, words) {
    return el("div", { class: "f90-weather", "data-testid": "weather", title: w.help },
      el("strong", {}, `${w.icon} ${words.weather} `), w.text,
      el("ol", { class: "f90-weather-track", "aria-label": words.weather_track }, w.spaces.map((s) =>
        el("li", { class: `f90-sky-${s.sky}${s.here ? " here" : ""}`, title: s.help, "data-testid": "weather-space",
          "data-place": `weather:${s.number}`,
          "aria-current": s.here ? "true" : null },
        el("span", { class: "f90-icon" }, s.icon), el("small", {}, s.cf)))),
      el("span", { class: "muted", title: w.robot_help }, w.robot_tyres));
  }

  // The race's conditions above the board: the stage, the weather, the flags out.
  function conditionsBar(t) {
    const c = t.conditions;
    const parts = [];
    if (c.stage) parts.push(el("span", { class: "f90-stage", "data-testid": "race-stage", title: c.stage.help }, c.stage.text));
    if (c.safety_car && c.safety_car.text) {
      parts.push(el("span", { class: c.safety_car.out ? "f90-sc-out" : "", "data-testid": "safety-car-status", title: c.safety_car.help },
        el("strong", {}, `${t.words.safety_car} `), c.safety_car.text));
    }
    if (c.flags) {
      parts.push(el("span", { class: "f90-flags", "data-testid": "flags", title: Object.values(c.flags.help).join("\n") },
        el("strong", {}, `⚑ ${t.words.flags} `), c.flags.text));
    }
    const out = [];
    if (parts.length) out.push(el("p", { class: "f90-conditions" }, parts.flatMap((p, i) => (i ? [" · ", p] : [p]))));
    if (c.weather) out.push(weatherTrack(c.weather, t.words));
    return out;
  }

  // What each piece on screen means, for a phone (no hover): the help texts in one place.
  function glossary(t) {
    if (!t.glossary.length) return null;
    return el("details", { class: "help f90-glossary", "data-testid": "f90-glossary" },
      el("summary", {}, t.words.glossary),
      el("ul", {}, t.glossary.map((l) => el("li", {}, l))));
  }

  function chartRows(t) {
    return t.cars.map((c) => el("tr", { class: c.mine ? "me" : "", "data-car": c.name },
      el("td", {}, c.place),
      el("td", {}, el("span", { class: "swatch", style: `background:${carFill(c)}`, "aria-hidden": "true" }), c.title,
        (c.flags || []).map((f) => el("span", { class: `f90-flag ${f.flag}`, "data-testid": `chart-${f.flag}-flag`, title: f.help }, ` ⚑ ${f.text}`))),
      el("td", {}, c.where + (c.played ? ` ${t.words.played}` : "")),
      el("td", { "data-testid": "chart-tyres", title: c.tyre ? c.tyre.help : null, class: c.tyre && c.tyre.loss ? "f90-loss" : null },
        c.tyre ? c.tyre.text : ""),
      el("td", {}, String(c.tyres)), el("td", {}, c.wear), el("td", {}, c.fuel),
      el("td", {}, c.target ? `${c.target.name} (${c.target.value})` : ""),
      el("td", { title: c.strategy_help || null }, c.strategy, c.chasing_text ? ` ${c.chasing_text}` : ""),
      el("td", { "data-testid": "chart-skill", title: c.skill ? c.skill.help : null, class: c.skill && c.skill.used ? "f90-used" : null },
        c.skill ? [c.skill.name, el("small", { class: "muted" }, ` ${c.skill.state}`)] : ""),
      el("td", {}, c.cards, c.duel_cards ? el("small", { class: "muted", "data-testid": "chart-duel-cards" }, ` ${c.duel_cards}`) : "")));
  }

  function render(p, board) {
    const t = p.table;
    const parts = [el("p", { class: "muted" }, t.headline),
      ...conditionsBar(t), trackSvg(board, t)];
    if (t.activation.length) {
      parts.push(el("p", { "data-testid": "activation" }, el("strong", {}, `${t.words.activation} `),
        t.activation.map((a, i) => el("span", { class: a.played ? "muted" : "" }, (i ? ", " : "") + a.car + (a.played ? " ✓" : "")))));
    }
    if (t.duel) {
      parts.push(el("div", { class: "prompt", "data-testid": "duel" }, el("strong", {}, `${t.duel.title} `),
        t.duel.members.join("; "), t.duel.revealed ? ` ${t.words.revealed}` : ""));
    }
    if (t.current) {
      parts.push(el("div", { "data-testid": "current" }, el("strong", {}, `${t.current.title} `),
        el("ul", { class: "cards small" }, t.current.cards.map((c) => card(c))),
        t.current.mp_text, t.current.checks.length ? ` · ${t.words.checks} ${t.current.checks.join("; ")}` : ""));
    }
    if (t.hand) {
      parts.push(el("h3", {}, t.words.hand), el("ul", { class: "cards", "data-testid": "hand" }, t.hand.map((c) => card(c))));
    }
    parts.push(el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "cars" },
      el("thead", {}, el("tr", {}, t.words.columns.map((h) => el("th", {}, h)))),
      el("tbody", {}, chartRows(t)))));
    parts.push(glossary(t));
    return parts;
  }

  registerGame("formula90", { render });
})();
