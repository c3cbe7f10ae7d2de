// Shared by every page: the API call, element builders, the car palettes.
"use strict";

const Autodromo = (() => {
  // Okabe & Ito (2008) and Paul Tol's "bright" scheme: both stay distinct for the common
  // forms of colour blindness; every car also carries its seat number, so colour is never alone.
  const PALETTES = {
    okabe: ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"],
    tol: ["#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377", "#BBBBBB", "#000000"],
    mono: ["#000000", "#444444", "#777777", "#AAAAAA", "#000000", "#444444", "#777777", "#AAAAAA"],
  };
  const SHAPES = ["circle", "square", "diamond", "triangle"];

  function paletteName() {
    return localStorage.getItem("autodromo.palette") || "okabe";
  }

  // A game whose cars are named by colour ("Blue") sets each seat's own colour: a car called
  // Blue is drawn blue; its outline and seat number keep the cars apart.
  let seatColours = null;
  function setSeatColours(colours) {
    seatColours = colours || null;
  }

  function carColour(seat) {
    if (seatColours && seatColours[seat]) return seatColours[seat];
    const p = PALETTES[paletteName()] || PALETTES.okabe;
    return p[seat % p.length];
  }

  // Black or white text, whichever reads on the car's colour.
  function inkOn(hex) {
    const n = parseInt(hex.slice(1), 16);
    const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
    return lum > 140 ? "#000" : "#fff";
  }

  function carShape(seat) {
    return paletteName() === "mono" ? SHAPES[seat % SHAPES.length] : (seat >= 8 ? "square" : "circle");
  }

  // A seat's or the owner's token, sent with every call of this page (never in an address but a
  // join link's fragment, which no browser sends to a server).
  let token = null;
  function setToken(t) {
    token = t || null;
  }
  function rememberOwner(gameId, t) {
    if (t) localStorage.setItem(`autodromo.owner.${gameId}`, t);
  }
  function ownerToken(gameId) {
    return localStorage.getItem(`autodromo.owner.${gameId}`);
  }

  async function api(method, path, body) {
    const init = { method, headers: {} };
    if (token) init.headers["X-Autodromo-Token"] = token;
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    let res = await fetch(path, init);
    // The server's bots are busy (429, 503 with Retry-After, issue 37): ask again when it says,
    // a few times, before telling the player.
    for (let tries = 0; (res.status === 429 || res.status === 503) && res.headers.has("Retry-After") && tries < 5; tries++) {
      const wait = Math.min(5, Number(res.headers.get("Retry-After")) || 1);
      await new Promise((done) => setTimeout(done, wait * 1000));
      res = await fetch(path, init);
    }
    let doc = null;
    try {
      doc = await res.json();
    } catch (e) {
      doc = null;
    }
    if (!res.ok) {
      const err = new Error((doc && doc.error) || `${res.status} ${res.statusText}`);
      err.status = res.status;
      throw err;
    }
    return doc;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "text") node.textContent = v;
      // Through the CSSOM: the page's CSP forbids style attributes, not styles set by its script.
      else if (k === "style") node.style.cssText = v;
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c !== null && c !== undefined) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  const SVGNS = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "text") node.textContent = v;
      else if (k === "style") node.style.cssText = String(v);
      else node.setAttribute(k, String(v));
    }
    for (const c of children.flat()) if (c) node.append(c);
    return node;
  }

  function initPalette(onChange) {
    const select = document.getElementById("palette");
    if (!select) return;
    select.value = paletteName();
    select.addEventListener("change", () => {
      localStorage.setItem("autodromo.palette", select.value);
      if (onChange) onChange();
    });
  }

  // A text of the page in the reader's language (issue 31): the English is the message looked up
  // in the page's catalogue (window.AutodromoWords, served as /words/<lang>.js); {fields} are
  // filled from ``args``.
  function tr(message, args) {
    const text = (window.AutodromoWords || {})[message] || message;
    return text.replace(/\{(\w+)\}/g, (m, k) => (args && k in args ? String(args[k]) : m));
  }

  // The language menu (issue 31): this device's choice is a cookie the server reads on every
  // request; empty follows the browser's languages. Each phone keeps its own.
  function initLanguage() {
    const select = document.getElementById("language");
    if (!select) return;
    const name = select.dataset.cookie;
    const chosen = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
    select.value = chosen ? decodeURIComponent(chosen.split("=")[1]) : "";
    select.addEventListener("change", () => {
      document.cookie = select.value
        ? `${name}=${encodeURIComponent(select.value)}; path=/; max-age=31536000; SameSite=Lax`
        : `${name}=; path=/; max-age=0; SameSite=Lax`;
      location.reload();
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initLanguage);
  else initLanguage();

  const swatch = (seat) => el("span", { class: "swatch", style: `background:${carColour(seat)}`, "aria-hidden": "true" });

  // A card face: its name big, its numbers under it (a game module sends the face).
  function cardFace(face, extra) {
    if (!face) return el("li", { class: "card back", "aria-label": tr("a hidden card") }, "?");
    const lines = [el("strong", {}, face.name)];
    if (face.value) lines.push(el("span", { class: "card-value" }, face.value));
    if (face.note) lines.push(el("span", { class: "card-note" }, face.note));
    if (face.price) lines.push(el("span", { class: "card-note" }, face.price));
    if (face.speed) lines.push(el("span", { class: `card-speed${face.crazy ? " crazy" : ""}`, title: face.crazy ? tr("crazy: a manoeuvre check") : tr("Speed value") }, tr("Speed {speed}", { speed: face.speed })));
    if (face.count) lines.push(el("span", { class: "card-note" }, `×${face.count}`));
    return el("li", { class: `card ${face.kind || ""} ${face.coup ? "coup" : ""} ${extra || ""}`, "data-kind": face.kind || "",
      "data-place": face.place || null }, lines);
  }

  function backs(n) {
    return Array.from({ length: n }, () => cardFace(null));
  }

  // Each game's script registers how its table is drawn: { render(p, board, onPlan) -> nodes }.
  const games = {};
  function registerGame(id, module) {
    games[id] = module;
  }

  // A game with events (a championship) registers how their decision of the moment is drawn.
  const events = {};
  function registerEvent(id, module) {
    events[id] = module;
  }

  // A server that listens on this machine only cannot be reached from a phone (issue 32): what
  // to run instead, said where the phones' option or codes would be.
  function lanNote(command, plain) {
    return el("div", { class: "lan-note", "data-testid": "lan-note" },
      el("p", {}, tr("This server listens on this machine only: a phone cannot reach it, so no join code is shown. To play with each player on their own phone, stop it (Ctrl-C) and serve the table on your network:")),
      el("pre", {}, el("code", { "data-testid": "lan-command" }, command)),
      el("p", { class: "muted" }, tr("(or {plain}). It prints the address and a QR code to open on this screen; each player's join code then names that address.", { plain })));
  }

  // A table wider than its box (six columns on a 390 px phone) is not scrolled sideways: each
  // cell takes its column's heading (data-label) and the table stacks its rows as "heading:
  // value" lines (app.css, table.stacks). Watched here, so every game's and page's tables follow.
  function fitTables() {
    for (const t of document.querySelectorAll("table.cars-table")) {
      const heads = [...t.querySelectorAll("thead th")].map((th) => th.textContent.trim());
      for (const row of t.querySelectorAll("tbody tr")) {
        [...row.children].forEach((cell, i) => {
          if (cell.dataset.label !== heads[i]) cell.dataset.label = heads[i] || "";
          // A blank cell (a robot has no fuel) is left out of the stacked lines rather than a bare heading.
          cell.toggleAttribute("data-blank", !cell.textContent.trim() && !cell.querySelector("img, svg, input, button"));
        });
      }
      t.classList.remove("stacks");
      const box = t.parentElement;
      if (box && (t.offsetWidth > box.clientWidth + 1 || box.scrollWidth > box.clientWidth + 1)) t.classList.add("stacks");
    }
  }
  // Fitted once the page's script has drawn (a mutation observer's turn comes right after it),
  // so no one ever reads the table half-fitted; its changes (attributes) never call it again.
  new MutationObserver(fitTables).observe(document.documentElement, { childList: true, subtree: true });
  window.addEventListener("resize", fitTables);

  return { api, tr, setToken, rememberOwner, ownerToken, el, svg, carColour, setSeatColours, carShape, inkOn, initPalette, PALETTES, swatch, cardFace, backs, games, registerGame,
    events, registerEvent, lanNote };
})();
