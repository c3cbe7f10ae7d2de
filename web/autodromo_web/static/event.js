// An event page (a championship): the races with links to them, the standings, the decision of
// the moment (drawn by the game's event script), what happened.
// Hot seat: the seat deciding is the human whose decision it is; bots decide on the server.
// Join links: a phone (its seat's token in the address's fragment) shows and decides for its
// seat only and follows the event into each race; the screen that made the event (the owner's
// token) shows the public standings and the links, and follows the races' boards.
"use strict";
(() => {
  const { api, el, events, tr } = Autodromo;
  // A race of the championship: its circuit, laps and status in words.
  function raceLine(r) {
    const args = { circuit: r.circuit, laps: r.laps, status: (STATUS[r.status] || (() => r.status))() };
    return r.laps === 1 ? tr("{circuit}, {laps} lap: {status}", args) : tr("{circuit}, {laps} laps: {status}", args);
  }
  // A race's status as the server names it, in words.
  const STATUS = { finished: () => tr("finished"), racing: () => tr("racing"), "to come": () => tr("to come") };
  const $ = (id) => document.getElementById(id);
  const eventId = $("event").dataset.eventId;
  const S = { busy: false, role: null, seat: null, links: false, token: null, fixed: false, heard: null,
    shown: null, revoked: false, source: null, left: false };

  function showError(e) {
    $("event-error").textContent = e ? e.message || String(e) : "";
  }

  // A race's page is opened with the same token: a phone's in the fragment, the owner's kept
  // for the race's id (the race carries the event's tokens).
  function raceHref(raceId) {
    return S.role === "seat" ? `/play/${raceId}#t=${S.token}` : `/play/${raceId}`;
  }

  function draw(e) {
    S.shown = e;
    // The owner's token opens the races too (each carries the event's tokens).
    if (S.role === "owner") for (const r of e.races) if (r.id) Autodromo.rememberOwner(r.id, S.token);
    $("event").dataset.stage = e.stage;
    $("event").dataset.version = `${e.stage}:${e.to_decide}:${e.log.length}:${e.races.filter((r) => r.id).length}`;
    const me = S.role === "seat" && S.seat !== null ? tr(" · you are {name}", { name: e.seats[S.seat].name }) : "";
    $("title").textContent = `${e.title}${me}`;
    const mine = S.fixed && S.seat !== null && e.to_decide === S.seat;
    document.title = mine ? tr("▶ Your decision — {title}", { title: e.title }) : `${e.title} — Autodromo`;
    $("stage").textContent = e.stage_text;
    $("to-decide").textContent = e.to_decide_name ? (mine ? tr("Your decision, {name}", { name: e.to_decide_name }) : tr("{name} to decide", { name: e.to_decide_name }))
      : e.stage === "race" ? tr("racing") : e.stage === "over" ? tr("the championship is over") : "";
    $("races").replaceChildren(...e.races.map((r) => el("li", {},
      raceLine(r),
      r.id ? el("a", { href: raceHref(r.id), "data-testid": `race-${r.number}` }, r.status === "finished" ? tr(" results") : tr(" go to the race")) : "")));
    const s = e.standings;
    $("standings").replaceChildren(el("thead", {}, el("tr", {}, s.columns.map((c) => el("th", {}, c)))),
      el("tbody", {}, s.rows.map((r) => el("tr", {}, r.cells.map((c, i) => el("td", {}, i === 1 ? Autodromo.swatch(r.seat) : "", c))))));
    $("points").textContent = tr("Points for 1st to {n}th: {points}; a car that does not finish scores nothing.", { n: e.points.length, points: e.points.join(", ") });
    const game = events[e.game];
    const panel = game ? game.render(e, decide) : [];
    // The race link of the game's panel carries this device's token too.
    for (const a of panel.filter((n) => n.querySelector)) {
      const go = a.querySelector("[data-testid=go-to-race]");
      if (go && e.race) go.href = raceHref(e.race);
    }
    if (S.fixed && S.seat === null && e.to_decide !== null && e.stage !== "over") {
      panel.push(el("p", { class: "muted", "data-testid": "nothing-to-decide" }, tr("The players decide on their phones; this screen shows the standings.")));
    }
    $("stage-panel").replaceChildren(...panel);
    $("decisions").replaceChildren(...e.decisions.map((d, i) => el("button", { "data-testid": "decision", class: i === 0 ? "primary" : "",
      onclick: () => decide(d.id) }, d.text)));
    $("log").replaceChildren(...e.log.map((l) => el("li", {}, l.text)));
    $("log").scrollTop = $("log").scrollHeight;
    follow(e);
  }

  // Phones and the shared screen go to each race as it starts (they hold no decision there);
  // a hot-seat screen keeps the "Go to the race" button.
  function follow(e) {
    if (!S.fixed || S.left || e.stage !== "race" || !e.race) return;
    const race = e.races.find((r) => r.id === e.race);
    if (!race || race.status !== "racing") return;
    S.left = true;
    window.location.href = raceHref(e.race);
  }

  async function load() {
    let seat = S.seat;
    if (!S.fixed) {
      const first = await api("GET", `/api/events/${eventId}`);
      seat = first.to_decide !== null && first.seats[first.to_decide].kind === "human" ? first.to_decide : null;
      if (seat === null) {
        S.seat = null;
        draw(first);
        return;
      }
    }
    const e = seat === null ? await api("GET", `/api/events/${eventId}`) : await api("GET", `/api/events/${eventId}?seat=${seat}`);
    S.seat = seat;
    $("event").dataset.seat = seat === null ? "" : seat;
    draw(e);
  }

  function failed(e) {
    if ((e.status === 401 || e.status === 403) && S.role === "seat") {
      // The link was re-issued: this device no longer decides for the seat.
      $("decisions").replaceChildren();
      $("stage-panel").replaceChildren();
      if (S.source) S.source.close();
      S.revoked = true;
      e = new Error(tr("This join link is no longer valid (the championship's owner gave this seat a new one): ask for the new link."));
    }
    showError(e);
  }

  async function decide(choice) {
    if (S.busy) return;
    S.busy = true;
    showError(null);
    try {
      await api("POST", `/api/events/${eventId}/decisions`, { seat: S.seat, choice });
      await load();
    } catch (e) {
      failed(e);
    } finally {
      S.busy = false;
    }
  }

  function listen() {
    const source = new EventSource(`/api/events/${eventId}/stream`);
    S.source = source;
    source.addEventListener("event", (ev) => {
      const before = S.heard;
      S.heard = JSON.parse(ev.data);
      // A seat claimed or a link re-issued: the shared screen redraws the codes.
      if (S.role === "owner" && S.links && before && before.access !== S.heard.access) drawJoin().catch(failed);
      if (!S.busy && !S.revoked) load().catch(failed);
    });
    source.addEventListener("gone", () => {
      source.close();
      showError(new Error(tr("This championship was deleted.")));
    });
    // A stream refused (the server keeps a bounded number open, issue 37): read the
    // championship every few seconds instead, and try the stream again later.
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED || S.revoked) return;
      const poll = setInterval(() => { if (!S.busy && !S.revoked) load().catch(failed); }, 3000);
      setTimeout(() => { clearInterval(poll); if (!S.revoked) listen(); }, 30000);
    });
  }

  // The owner's shared screen: a join link and QR code per human seat, and a new link on demand.
  async function drawJoin() {
    const doc = await api("GET", `/api/events/${eventId}/links`);
    if (!doc.network) {
      // A server on this machine only: a phone that scanned its address would reach itself.
      $("join").replaceChildren(el("h2", {}, tr("Join from your phone")), Autodromo.lanNote(doc.command, doc.command_plain));
      $("join").hidden = false;
      return;
    }
    // A claimed seat's code is gone from the screen: nobody else can scan it.
    const rows = doc.join.map((j) => el("li", { "data-testid": "join-seat", "data-seat": j.seat, "data-claimed": j.claimed ? "1" : "0" },
      el("strong", {}, j.name),
      ...(j.claimed ? [el("span", { class: "muted", "data-testid": "join-claimed" }, tr("joined on a device"))] : [
        el("img", { src: j.qr, alt: tr("QR code of {name}'s join link", { name: j.name }), class: "qr", "data-testid": "join-qr" }),
        el("input", { type: "text", readonly: true, value: j.url, "aria-label": tr("{name}'s join link", { name: j.name }), "data-testid": "join-url",
          onfocus: (ev) => ev.target.select() })]),
      el("button", { "data-testid": "reissue", onclick: () => reissue(j.seat, j.name) },
        j.claimed ? tr("New link (that device stops working)") : tr("New link (the old one stops working)"))));
    $("join").replaceChildren(el("h2", {}, tr("Join from your phone")),
      el("p", { class: "muted" }, tr("Each player scans their own code once: their phone follows the championship from race to race, with their decisions; this screen shows the standings and each race's board.")),
      el("ul", { class: "join-list" }, rows));
    $("join").hidden = false;
  }

  async function reissue(seat, name) {
    if (!confirm(tr("Give {name} a new join link? The old one stops working, in every race.", { name }))) return;
    try {
      await api("POST", `/api/events/${eventId}/seats/${seat}/reissue`);
      await drawJoin();
    } catch (e) {
      showError(e);
    }
  }

  // A join link is claimed once (as a game's, play.js): this device gets a token of its own,
  // which its races take too; a second device is told the seat is taken.
  const deviceKey = `autodromo.device.event:${eventId}`;
  async function claim(linkToken) {
    // A link nobody claimed yet names its seat: this device claims it. One that names nobody
    // may be this device's own, opened again: its kept token stays the seat's.
    Autodromo.setToken(linkToken);
    const link = await api("GET", `/api/events/${eventId}/me`);
    const kept = localStorage.getItem(deviceKey);
    if (link.role !== "seat" && kept) {
      Autodromo.setToken(kept);
      const me = await api("GET", `/api/events/${eventId}/me`).catch(() => null);
      if (me && me.role === "seat") {
        history.replaceState(null, "", location.pathname + location.search);
        return kept;
      }
      Autodromo.setToken(linkToken);
    }
    try {
      const got = await api("POST", `/api/events/${eventId}/claim`);
      if (got.token !== linkToken) localStorage.setItem(deviceKey, got.token);
      history.replaceState(null, "", location.pathname + location.search);
      return got.token;
    } catch (e) {
      if (e.status === 409 || e.status === 403) {
        S.revoked = true;
      }
      throw e;
    }
  }


  async function init() {
    Autodromo.initPalette();
    const fromLink = new URLSearchParams(location.hash.slice(1)).get("t");
    S.token = fromLink ? await claim(fromLink) : localStorage.getItem(deviceKey) || Autodromo.ownerToken(`event:${eventId}`);
    Autodromo.setToken(S.token);
    const me = await api("GET", `/api/events/${eventId}/me`);
    S.role = me.role;
    S.links = me.seating === "links";
    if (fromLink && me.role !== "seat") {
      S.revoked = true;
      throw new Error(tr("This join link is no longer valid (the championship's owner gave this seat a new one): ask for the new link."));
    }
    if (S.role === "seat") {
      S.fixed = true;
      S.seat = me.seat;
    } else if (S.links || (me.tokens_required && S.role !== "owner")) {
      // The shared screen, or a spectator: the public standings, no decision.
      S.fixed = true;
      S.seat = null;
      if (S.role === "owner") await drawJoin();
    }
    $("event").dataset.role = S.role || "spectator";
    await load();
    listen();
  }

  init().catch(failed);
})();
