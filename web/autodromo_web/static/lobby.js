// The lobby: a new game's form (built from /api/catalogue) and the saved games.
"use strict";
(() => {
  const { api, el } = Autodromo;
  let catalogue = [];
  let game = null;
  // A position file read in the lobby: the game starts there instead of at the beginning.
  let position = null;

  const $ = (id) => document.getElementById(id);

  function chooseGame(id) {
    game = catalogue.find((g) => g.id === id);
    $("seat-count").min = game.seats.min;
    $("seat-count").max = game.seats.max;
    $("seat-count").value = game.seats.default;
    // Every row is rebuilt: another game has other bots and perhaps cars to choose.
    $("seats").replaceChildren();
    drawSeats();
    drawOptions();
    drawEvent();
    $("game-help").replaceChildren(el("summary", {}, Autodromo.tr("How to play {title}", { title: game.title })), ...game.help.map((t) => el("p", {}, t)));
  }

  function seatRow(i) {
    const kind = el("select", { "data-testid": `seat-${i}-kind`, "aria-label": Autodromo.tr("Seat {n}: who plays it", { n: i + 1 }) },
      el("option", { value: "human" }, Autodromo.tr("a person")),
      game.bots.map((b) => el("option", { value: `bot:${b.id}` }, b.label)));
    kind.value = i === 0 ? "human" : `bot:${game.default_bot || game.bots[0].id}`;
    kind.addEventListener("change", () => { name.placeholder = kind.value === "human" ? Autodromo.tr("Player {n}", { n: i + 1 }) : Autodromo.tr("Bot {n}", { n: i + 1 }); });
    const name = el("input", { type: "text", maxlength: 40, placeholder: i === 0 ? Autodromo.tr("Player {n}", { n: i + 1 }) : Autodromo.tr("Bot {n}", { n: i + 1 }),
      "data-testid": `seat-${i}-name`, "aria-label": Autodromo.tr("Seat {n}: name", { n: i + 1 }) });
    const parts = [kind, name];
    if (game.cars) {
      const car = el("select", { "data-testid": `seat-${i}-car`, "aria-label": Autodromo.tr("Seat {n}: car", { n: i + 1 }) },
        game.cars.map((c) => el("option", { value: c.id }, c.name)));
      // The game's fair defaults (two seats at most share a model), else spread over the roster.
      const fair = game.default_cars || [];
      car.value = i < fair.length ? fair[i] : game.cars[(i * 3) % game.cars.length].id;
      parts.push(car);
    }
    return el("li", { class: "seat" }, parts);
  }

  function drawSeats() {
    const n = Math.max(game.seats.min, Math.min(game.seats.max, Number($("seat-count").value) || game.seats.default));
    const list = $("seats");
    while (list.children.length > n) list.lastChild.remove();
    for (let i = list.children.length; i < n; i++) list.append(seatRow(i));
    syncEvent();
  }

  function drawOptions() {
    const box = $("options");
    box.replaceChildren();
    for (const f of game.options) {
      let input;
      const id = `opt-${f.key}`;
      if (f.kind === "bool") {
        input = el("input", { type: "checkbox", id, "data-key": f.key, checked: f.default ? true : null });
      } else if (f.kind === "choice") {
        input = el("select", { id, "data-key": f.key }, f.choices.map((c) => el("option", { value: String(c.id) }, c.label)));
        input.value = String(f.default);
      } else {
        input = el("input", { type: "number", id, "data-key": f.key, min: f.min, max: f.max,
          value: f.default === null ? "" : f.default });
      }
      input.dataset.kind = f.kind;
      input.dataset.testid = `option-${f.key}`;
      input.setAttribute("data-testid", `option-${f.key}`);
      // A module's help under its name (a phone has no hover).
      box.append(f.help ? el("div", { class: "option-help" }, el("label", { for: id, title: f.help }, f.label, input),
        el("small", { class: "muted", "data-testid": `option-${f.key}-help` }, f.help)) : el("label", { for: id }, f.label, input));
    }
  }

  // Only the choices that apply: a championship field shown for the mode it serves, and no car
  // menus when the championship's auction sells the cars (issue 32).
  function syncEvent() {
    const on = $("championship").checked;
    const value = {};
    for (const input of $("event-options").querySelectorAll("[data-key]")) value[input.dataset.key] = input.value;
    for (const f of game.event || []) {
      const label = $("event-options").querySelector(`[data-field="${f.key}"]`);
      if (label && f.only_when) label.hidden = Object.entries(f.only_when).some(([k, v]) => value[k] !== v);
    }
    const sold = on && (game.event || []).some((f) => (f.choices || []).some((c) => c.sells_cars && String(c.id) === value[f.key]));
    for (const car of $("seats").querySelectorAll('[data-testid$="-car"]')) car.hidden = sold;
  }

  // A championship's own fields (when the game has events): drawn like the options.
  function drawEvent() {
    $("championship-box").hidden = !game.event;
    $("championship").checked = false;
    $("event-options").hidden = true;
    $("options").closest("fieldset").hidden = false;
    $("start").textContent = Autodromo.tr("Start the game");
    const box = $("event-options");
    box.replaceChildren();
    for (const f of game.event || []) {
      let input;
      if (f.kind === "circuits") {
        input = el("span", { class: "choices", "data-key": f.key, "data-kind": f.kind },
          f.choices.map((c) => el("label", {}, el("input", { type: "checkbox", value: c.id, checked: f.default.includes(c.id) ? true : null,
            "data-testid": `event-circuit-${c.id}` }), c.label)));
      } else if (f.kind === "choice") {
        input = el("select", { "data-key": f.key, "data-kind": f.kind, "data-testid": `event-${f.key}` },
          f.choices.map((c) => el("option", { value: String(c.id) }, c.label)));
        input.value = String(f.default);
      } else {
        input = el("input", { type: "number", "data-key": f.key, "data-kind": f.kind, min: f.min, max: f.max, value: f.default,
          "data-testid": `event-${f.key}` });
      }
      input.addEventListener("change", syncEvent);
      box.append(el("label", { "data-field": f.key }, f.label, " ", input));
    }
    syncEvent();
  }

  function readEvent() {
    const out = {};
    for (const input of $("event-options").querySelectorAll("[data-key]")) {
      if (input.dataset.kind === "circuits") out[input.dataset.key] = [...input.querySelectorAll("input:checked")].map((x) => x.value);
      else if (input.dataset.kind === "int") out[input.dataset.key] = Number(input.value);
      else out[input.dataset.key] = input.value;
    }
    return out;
  }

  function readForm() {
    const options = {};
    for (const input of $("options").querySelectorAll("[data-key]")) {
      const key = input.dataset.key;
      if (input.dataset.kind === "bool") options[key] = input.checked;
      else if (input.dataset.kind === "int") { if (input.value !== "") options[key] = Number(input.value); }
      else {
        const f = game.options.find((o) => o.key === key);
        const c = f.choices.find((x) => String(x.id) === input.value);
        options[key] = c ? c.id : input.value;
      }
    }
    const seats = [];
    const cars = [];
    for (const li of $("seats").children) {
      const [kind, name, car] = li.querySelectorAll("select, input");
      const [k, bot] = kind.value.split(":");
      seats.push(k === "human" ? { kind: "human", name: name.value } : { kind: "bot", bot, name: name.value });
      if (car) cars.push(car.value);
    }
    if (game.cars) options.cars = cars;
    const seedText = $("seed").value.trim();
    const seating = document.querySelector("input[name=seating]:checked").value;
    // With join links chance comes from the server's secret only: no seed is sent.
    const seed = seedText === "" || seating === "links" ? null : Number(seedText);
    const body = { game: game.id, options, seats, seed, seating };
    if (position) body.position = position;
    return body;
  }

  async function start(ev) {
    ev.preventDefault();
    $("lobby-error").textContent = "";
    try {
      if ($("championship").checked) {
        const form = readForm();
        const body = { game: form.game, seats: form.seats, seed: form.seed, cars: form.options.cars, seating: form.seating, ...readEvent() };
        const created = await api("POST", "/api/events", body);
        // The owner's token of the championship (and of each race it makes), and its join links.
        Autodromo.rememberOwner(`event:${created.id}`, created.owner_token);
        window.location.href = `/event/${created.id}`;
        return;
      }
      const created = await api("POST", "/api/games", readForm());
      // This browser made the game: it keeps the owner's token (the shared screen's, or the
      // hot-seat device's) and shows the join links.
      Autodromo.rememberOwner(created.id, created.owner_token);
      window.location.href = `/play/${created.id}`;
    } catch (e) {
      $("lobby-error").textContent = e.message;
    }
  }

  // The saved games and championships, newest first, a page at a time (issue 37: a flood of
  // games made the whole list 21 MB); "Older" reads the next page.
  async function drawSaved(before) {
    const doc = await api("GET", `/api/games${before ? `?before=${encodeURIComponent(before)}` : ""}`);
    const body = $("saved");
    if (!before) body.replaceChildren();
    for (const g of doc.games) {
      const del = el("button", { "data-testid": `delete-${g.id}`, onclick: async () => {
        if (!confirm(`Delete this ${g.title} game?`)) return;
        Autodromo.setToken(Autodromo.ownerToken(g.id));
        try {
          await api("DELETE", `/api/games/${g.id}`);
        } catch (e) {
          $("broken").textContent = e.message;
        }
        drawSaved();
      } }, Autodromo.tr("Delete"));
      body.append(el("tr", { "data-game": g.id },
        el("td", {}, g.title, el("br"), el("small", { class: "muted" }, g.seed === null ? "" : `seed ${g.seed}`)),
        el("td", {}, g.seats.map((s) => s.name).join(", ")),
        el("td", {}, String(g.actions)),
        el("td", {}, g.status),
        el("td", {},
          el("a", { href: `/play/${g.id}`, "data-testid": `continue-${g.id}` }, g.status === "finished" ? Autodromo.tr("View") : Autodromo.tr("Continue")),
          el("a", { href: `/replay/${g.id}` }, Autodromo.tr("Replay")),
          el("a", { href: `/api/games/${g.id}/replay`, download: `autodromo-${g.id}.json` }, Autodromo.tr("Export")),
          del)));
    }
    $("older-games").hidden = !doc.next;
    $("older-games").onclick = () => drawSaved(doc.next).catch((e) => { $("broken").textContent = e.message; });
    $("broken").textContent = doc.broken.map((b) => `${b.id}: ${b.error}`).join("; ");
    if (!before) await drawEvents();
  }

  async function drawEvents(before) {
    const evs = await api("GET", `/api/events${before ? `?before=${encodeURIComponent(before)}` : ""}`);
    const items = evs.events.map((e) => el("li", {},
      el("a", { href: `/event/${e.id}`, "data-testid": `event-${e.id}` }, `${e.title}: ${e.seats.join(", ")}`), ` (${e.stage})`));
    if (before) $("saved-events").append(...items);
    else $("saved-events").replaceChildren(...items);
    $("older-events").hidden = !evs.next;
    $("older-events").onclick = () => drawEvents(evs.next).catch((e) => { $("broken").textContent = e.message; });
  }

  async function importFile() {
    const file = $("import").files[0];
    if (!file) return;
    const text = await file.text();
    try {
      const g = await api("POST", "/api/replays", { replay: text });
      $("import-status").textContent = `imported as game ${g.id}`;
      drawSaved();
    } catch (e) {
      $("import-status").textContent = `not imported: ${e.message}`;
    }
  }

  async function readPosition() {
    const file = $("position").files[0];
    position = null;
    $("position-status").textContent = "";
    if (!file) return;
    try {
      position = JSON.parse(await file.text());
      $("position-status").textContent = `${file.name}: the game starts there (the server checks it)`;
    } catch (e) {
      $("position-status").textContent = `${file.name} is not a JSON file: ${e.message}`;
    }
  }

  async function init() {
    Autodromo.initPalette();
    catalogue = (await api("GET", "/api/catalogue")).games;
    const box = $("game-choice");
    for (const g of catalogue) {
      const radio = el("input", { type: "radio", name: "game", value: g.id, "data-testid": `game-${g.id}`,
        onchange: () => chooseGame(g.id) });
      box.append(el("label", {}, radio, g.title));
    }
    box.querySelector("input").checked = true;
    chooseGame(catalogue[0].id);
    $("seat-count").addEventListener("input", drawSeats);
    $("championship").addEventListener("change", () => {
      const on = $("championship").checked;
      $("event-options").hidden = !on;
      $("options").closest("fieldset").hidden = on;
      $("start").textContent = on ? Autodromo.tr("Start the championship") : Autodromo.tr("Start the game");
      syncEvent();
    });
    $("new-game").addEventListener("submit", start);
    for (const r of document.querySelectorAll("input[name=seating]")) {
      r.addEventListener("change", () => { $("seed-box").hidden = r.value === "links" && r.checked; });
    }
    $("import").addEventListener("change", importFile);
    $("position").addEventListener("change", readPosition);
    $("position-clear").addEventListener("click", () => {
      position = null;
      $("position").value = "";
      $("position-status").textContent = "";
    });
    await drawSaved();
  }

  init().catch((e) => { $("lobby-error").textContent = e.message; });
})();
