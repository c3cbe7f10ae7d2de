// A game page: whose turn it is, the table as that seat sees it (drawn by the game's own script),
// its decisions in words with their cost, risk and help, the log (one entry per decision), undo,
// the bots' pace, moves animated along their path, the hand-off between human seats, and the
// results at the end. Everything shown comes from the API's page form: names, never ids.
"use strict";
(() => {
  const { api, el, games, tr } = Autodromo;
  const $ = (id) => document.getElementById(id);
  const root = $("play");
  const gameId = root.dataset.gameId;
  const S = { seat: null, since: 0, board: null, payload: null, busy: false, timer: null, handoff: null,
    humans: [], hidden: false, game: null, anim: null, running: null, howto: [], animated: new Set(),
    // Set by a join link (a phone: one seat), a shared screen (the board only) or, at a hot-seat
    // table, an address that asks for one seat (pinned): the page never changes seat by itself.
    fixed: false, pinned: false, role: null, token: null, links: false, access: 0, myTurn: false, heard: null, applied: 0,
    refreshing: false, again: false, revoked: false, source: null, left: false, back: null };
  // Seconds a phone shows a championship race's results before going back to the championship.
  const BACK_SECONDS = 8;

  const multiHidden = () => S.hidden && S.humans.length >= 2;
  const speed = () => Number($("speed").value);
  const nameOf = (seat) => S.payload.seats[seat].name;
  const module = () => games[S.game] || { render: () => [] };

  function showError(e) {
    $("play-error").textContent = e ? e.message || String(e) : "";
  }

  function drawStatus(p) {
    // A phone says whose it is: the page looks the same on every player's.
    $("title").textContent = (S.role === "seat" || S.pinned) && S.seat !== null ? tr("{title} · you are {name}", { title: p.title, name: nameOf(S.seat) }) : p.title;
    // Once over, the line under it says so ("Finished: ..."): no phase ("game over") beside the turn.
    const phase = p.phase && p.status !== "finished" ? " · " + p.phase : "";
    $("turn").textContent = `${p.turn.label}${p.turn.value !== "" ? " " + p.turn.value : ""}${phase}`;
    let who;
    if (p.status === "finished") {
      who = tr("Finished: {headline}", { headline: p.results.headline });
    } else if (p.to_move === null) {
      who = "…";
    } else if (p.to_move_kind === "bot") {
      who = `${nameOf(p.to_move)} (bot) to play`;
    } else {
      who = p.to_move === S.seat ? tr("Your turn, {name}", { name: nameOf(p.to_move) }) : tr("{name} to play", { name: nameOf(p.to_move) });
    }
    $("to-move").textContent = who;
    $("to-move").classList.toggle("result", p.status === "finished");
    $("distance").replaceChildren(...p.distance.map((d) =>
      el("li", {}, d.seat !== undefined ? Autodromo.swatch(d.seat) : "", d.who + ": " + (d.note || (d.left === 0 ? tr("at the finish") : tr("{left} {unit} to go", { left: d.left, unit: d.unit }))))));
    const undo = $("undo");
    undo.disabled = !p.undo.ok;
    undo.title = p.undo.ok ? tr("take back your last decision") : tr("cannot undo: {reason}", { reason: p.undo.reason });
    // A token never rides in an address (the server's log, the history would keep it): with
    // one, the download is fetched with the token's header and saved from memory.
    const q = new URLSearchParams();
    if (S.seat !== null) q.set("seat", S.seat);
    $("export").href = `/api/games/${gameId}/replay${q.toString() ? "?" + q : ""}`;
    $("export").setAttribute("download", `autodromo-${gameId}.json`);
    $("export").onclick = S.token ? downloadWithToken : null;
    $("viewer").href = `/replay/${gameId}`;
    $("seed").textContent = p.seed === null ? "" : tr("seed {seed}", { seed: p.seed });
    notifyTurn(p);
  }

  async function downloadWithToken(e) {
    e.preventDefault();
    const link = e.currentTarget;
    const res = await fetch(link.href, { headers: { "X-Autodromo-Token": S.token } });
    if (!res.ok) {
      let reason = `${res.status}`;
      try { reason = (await res.json()).error || reason; } catch (err) { /* not JSON */ }
      showError(tr("The export was refused: {reason}", { reason }));
      return;
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") || "");
    const url = URL.createObjectURL(await res.blob());
    const a = el("a", { href: url, download: name ? name[1] : link.getAttribute("download") });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  // A phone says it is its turn: in the tab's title (seen from another tab) and by a buzz.
  function notifyTurn(p) {
    const mine = S.fixed && S.seat !== null && p.status === "playing" && p.to_move === S.seat;
    document.title = mine ? `▶ Your turn — ${p.title}` : `${p.title} — Autodromo`;
    root.dataset.myTurn = mine ? "1" : "0";
    // A browser lets a page vibrate only once its user has touched it.
    const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (mine && !S.myTurn && navigator.vibrate && touched) navigator.vibrate(200);
    S.myTurn = mine;
  }

  // A decision that cannot be taken back asks first, on the page (not a browser dialog).
  function confirmRisk(risk, what, go) {
    const box = $("confirm");
    $("confirm-text").textContent = `${what}: ${risk}. Do it anyway?`;
    box.hidden = false;
    $("confirm-yes").focus();
    $("confirm-yes").onclick = () => { box.hidden = true; go(); };
    $("confirm-no").onclick = () => { box.hidden = true; };
  }

  function choose(d) {
    const go = () => decide({ action: d.id });
    if (d.risk) confirmRisk(d.risk, d.text, go);
    else go();
  }

  function choosePlan(plan) {
    const go = () => decide({ plan: plan.ids });
    if (plan.risk) confirmRisk(plan.risk, tr("Drive to {where}", { where: plan.where }), go);
    else go();
  }

  function drawDecisions(p) {
    const box = $("decisions");
    const prompt = $("prompt");
    prompt.replaceChildren();
    box.replaceChildren();
    const kindHelp = $("kind-help") || el("div", { id: "kind-help", class: "help", "data-testid": "kind-help" });
    box.after(kindHelp);
    kindHelp.replaceChildren();
    const aside = module().aside ? module().aside(p, S.board, { phone: S.role === "seat" }, choosePlan) : [];
    $("aside").replaceChildren(...aside);
    // The phase's help and the "Your decision" heading speak to the player deciding: a screen with
    // nothing to decide shows neither (the heading still names the section for screen readers).
    $("phase-help").textContent = p.decisions.length ? p.help.phase || "" : "";
    $("decide-title").hidden = !p.decisions.length;
    if (p.notice) prompt.append(el("div", { class: "prompt", "data-testid": "notice", role: "status" }, p.notice));
    Places.bind(root, p.decisions, choose);
    if (!p.decisions.length) {
      const idle = S.links && S.seat === null ? tr("The players decide on their phones; this screen shows the board.") : tr("Nothing to decide now.");
      const other = S.pinned && p.status !== "finished" && p.to_move_kind === "human" && p.to_move !== S.seat;
      box.append(other
        ? el("p", { class: "muted", "data-testid": "nothing-to-decide" },
          tr("{name} decides. This page stays on {seat}'s seat, as its address asks. ", { name: nameOf(p.to_move), seat: nameOf(S.seat) }),
          el("a", { href: `/play/${gameId}`, "data-testid": "follow-turn" }, tr("Follow the turn instead")))
        : el("p", { class: "muted", "data-testid": "nothing-to-decide" }, p.status === "finished" ? tr("The game is over.") : idle));
      return;
    }
    if (p.prompt) {
      prompt.append(el("div", { class: "prompt", "data-testid": `${p.prompt.kind.replace("_", "-")}-prompt`, role: "alertdialog" },
        el("strong", {}, p.prompt.title + " "), p.prompt.text));
    } else if (p.plan.length) {
      prompt.append(el("p", { class: "muted" }, tr("Decide step by step below, or pick a highlighted space on the board.")));
    }
    // Kinds the game offers as one control beside the list (a bid's amount, issue 32): not a
    // button each; the control names its value for screen readers (aria-valuetext).
    const controlled = new Set((p.table && p.table.controls) || []);
    // One line a decision; the help of a kind of decision is said once under the list (and is
    // each of its buttons' description), not repeated on every button. A question standing
    // above the list (a coup fourré, a flag's choices) already explains them.
    const helped = new Map();
    p.decisions.filter((d) => !controlled.has(d.kind)).forEach((d, i) => {
      const help = p.prompt ? "" : p.help[d.kind] || "";
      if (help && !helped.has(d.kind)) helped.set(d.kind, help);
      const b = el("button", { "data-testid": "decision", "data-id": d.id, "data-kind": d.kind, "data-text": d.text, "data-places": (d.place || []).join(" ") || null,
        class: `${i === 0 ? "primary" : ""}${d.risk ? " risky" : ""}`, "aria-describedby": help ? `kind-help-${d.kind}` : null,
        "aria-keyshortcuts": i < 9 ? String(i + 1) : null, onclick: () => choose(d) },
        el("span", {}, i < 9 ? `${i + 1}. ${d.text}` : d.text),
        d.detail ? el("span", { class: "breakdown" }, d.detail) : "",
        d.risk ? el("span", { class: "risk-note", "data-testid": "risk" }, `⚠ ${d.risk}`) : "");
      box.append(b);
    });
    kindHelp.replaceChildren(...[...helped].map(([kind, help]) => el("p", { id: `kind-help-${kind}` }, help)));
  }

  // The last entry may still grow (a move told while it is made, a draw before its play): it is
  // always sent again and replaces the one shown.
  function drawLog(p, reset) {
    const list = $("log");
    if (reset) list.replaceChildren();
    if (p.log.length) {
      const from = p.log[0].i;
      for (const li of [...list.children]) if (Number(li.dataset.i) >= from) li.remove();
      while (list.lastElementChild && list.lastElementChild.classList.contains("log-round")) list.lastElementChild.remove();
    }
    let last = list.lastElementChild ? list.lastElementChild.dataset.round : null;
    for (const e of p.log) {
      if (e.round && e.round !== last) {
        list.append(el("li", { class: "log-round", "data-round": e.round, "data-i": e.i, "aria-hidden": "true" }, e.round));
        last = e.round;
      }
      list.append(el("li", { class: e.strong ? "strong" : "", "data-round": e.round || "", "data-i": e.i },
        e.who !== null && e.who !== undefined ? Autodromo.swatch(e.who) : "", e.text,
        e.detail ? el("span", { class: "breakdown" }, ` — ${e.detail}`) : ""));
    }
    list.scrollTop = list.scrollHeight;
  }

  function drawTable(p) {
    $("table").replaceChildren(...module().render(p, S.board, choosePlan));
  }

  function drawResults(p) {
    const box = $("results");
    if (p.status !== "finished") {
      box.hidden = true;
      return;
    }
    const r = p.results;
    const parts = [el("h2", { id: "results-title" }, r.headline),
      el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "results-table" },
        el("thead", {}, el("tr", {}, r.columns.map((c) => el("th", {}, c)))),
        el("tbody", {}, r.rows.map((row) => el("tr", {}, row.cells.map((c, i) =>
          el("td", {}, i === 1 && row.seat !== undefined ? Autodromo.swatch(row.seat) : "", c)))))))];
    for (const t of r.scores || []) {
      parts.push(el("h3", {}, t.title), el("div", { class: "scroll" }, el("table", { class: "cars-table", "data-testid": "score-table" },
        el("thead", {}, el("tr", {}, el("th", {}, ""), r.sides.map((s) => el("th", {}, s)))),
        el("tbody", {}, t.rows.map((row) => el("tr", { class: row.strong ? "strong" : "" },
          el("td", {}, row.label), row.values.map((v) => el("td", {}, String(v)))))))));
    }
    if (r.hands && r.hands.some((h) => h.cards.length)) {
      parts.push(el("h3", {}, tr("Hands at the end")));
      for (const h of r.hands) {
        parts.push(el("div", {}, el("strong", {}, h.name), h.cards.length ? el("ul", { class: "cards small" }, h.cards.map((c) => Autodromo.cardFace(c))) : tr(" — no card left")));
      }
    }
    if (r.money) parts.push(el("p", {}, tr("Money: ") + r.money.map((m) => `${m.name} ${m.money}`).join(", ")));
    // A phone goes back with its seat's token: its one link follows the whole championship.
    const eventHref = S.role === "seat" && S.token ? `/event/${p.event}#t=${S.token}` : `/event/${p.event}`;
    if (p.event && S.role === "seat" && !S.back) {
      // The championship goes on there (repairs, the next race): the phone goes back by itself.
      S.back = setTimeout(() => { window.location.href = eventHref; }, BACK_SECONDS * 1000);
    }
    parts.push(el("p", { class: "controls" }, p.event
      ? el("a", { class: "button primary", href: eventHref, "data-testid": "back-to-event" },
        S.role === "seat" ? tr("Back to the championship (by itself in {seconds} s)", { seconds: BACK_SECONDS }) : tr("Back to the championship"))
      : S.role === "seat" && S.links ? ""
      : el("button", { class: "primary", "data-testid": "play-again", onclick: again }, tr("Play again with the same settings")),
      el("a", { href: "/" }, tr("Back to the lobby"))));
    box.replaceChildren(...parts);
    box.hidden = false;
  }

  async function again() {
    try {
      const g = await api("POST", `/api/games/${gameId}/again`);
      Autodromo.rememberOwner(g.id, g.owner_token);
      window.location.href = `/play/${g.id}`;
    } catch (e) {
      showError(e);
    }
  }

  // New moves slide along their path; a click on the board or Escape skips to the end. The
  // promise is the run of moves under way (a new answer during one does not start another).
  function animate(p, mine) {
    if (!S.board) return Promise.resolve();
    if (S.running) return S.running;
    const instant = speed() === 0;
    // The last entry comes again with every answer: a move is animated once.
    const moves = p.log.filter((e) => e.path && e.path.length > 1 && (mine ? e.who === S.seat : !instant)
      && !S.animated.has(`${e.i}:${e.path.length}`));
    for (const m of p.log) if (m.path) S.animated.add(`${m.i}:${m.path.length}`);
    const svg = $("table").querySelector("svg.track");
    if (!svg || !moves.length) return Promise.resolve();
    const ms = mine || instant ? 90 : Math.max(60, Math.min(160, speed() / 3));
    S.running = (async () => {
      for (const m of moves.slice(-4)) {
        S.anim = Board.animate(svg, S.board, m.car, m.path, ms);
        root.dataset.animating = "1";
        await S.anim.done;
      }
      S.anim = null;
      S.running = null;
      delete root.dataset.animating;
    })();
    return S.running;
  }

  function skipAnimation() {
    if (S.anim) S.anim.skip();
  }

  // A phone follows its game when the owner starts it again: the server carried this device's
  // token to the new game, on the same seat.
  function followRematch(p) {
    if (!p.rematch || S.role !== "seat" || !S.token || S.left) return false;
    S.left = true;
    localStorage.setItem(`autodromo.device.${p.rematch}`, S.token);
    if (S.source) S.source.close();
    window.location.href = `/play/${p.rematch}`;
    return true;
  }

  function apply(p, resetLog, mine) {
    if (followRematch(p)) return;
    S.payload = p;
    S.applied += 1;
    Autodromo.setSeatColours(p.seat_colours);
    root.dataset.version = p.version;
    drawStatus(p);
    drawTable(p);
    drawDecisions(p);
    if (resetLog) for (const m of p.log) if (m.path) S.animated.add(`${m.i}:${m.path.length}`);
    drawLog(p, resetLog);
    S.since = Math.max(0, p.log_length - 1);
    const moving = resetLog ? Promise.resolve() : animate(p, mine);
    if (p.status === "finished" && S.running) {
      // The results wait for the last moves to reach their spaces (issue 32): shown at once,
      // they told the end before the board did.
      $("results").hidden = true;
      $("to-move").textContent = tr("The last move…");
      moving.then(() => {
        if (S.payload !== p) return;
        $("to-move").textContent = tr("Finished: {headline}", { headline: p.results.headline });
        drawResults(p);
      });
    } else {
      drawResults(p);
    }
    next(p);
  }

  function next(p) {
    clearTimeout(S.timer);
    if (p.status === "finished") return;
    if (p.to_move_kind === "bot" || (p.to_move === null && p.status === "playing")) {
      const ms = speed();
      if (ms < 0) return;
      // Bots play one whole turn per step at a paced speed, all at once at "instant".
      S.timer = setTimeout(() => step(ms === 0 ? null : 1), ms);
    } else if (p.to_move_kind === "human" && p.to_move !== S.seat && S.fixed) {
      // Another player's phone decides; the live stream tells this page when it did.
    } else if (p.to_move_kind === "human" && p.to_move !== S.seat) {
      const seat = p.to_move;
      if (!multiHidden()) setTimeout(() => switchSeat(seat), 0);
      else if (S.handoff !== seat) handoff(seat).catch(showError);
    } else if (p.to_move === S.seat) {
      const first = $("decisions").querySelector("button");
      if (first && !document.activeElement.closest("select, input, .track, dialog")) first.focus({ preventScroll: true });
    }
  }

  function failed(e) {
    if ((e.status === 401 || e.status === 403) && S.role === "seat") {
      // The link was re-issued: whoever holds this device no longer sees the seat's hand.
      for (const id of ["table", "decisions", "prompt", "aside", "log"]) $(id).replaceChildren();
      if (S.source) S.source.close();
      S.revoked = true;
      e = new Error(tr("This join link is no longer valid (the game's owner gave this seat a new one): ask for the new link."));
    }
    showError(e);
  }

  async function call(fn) {
    if (S.busy) return;
    S.busy = true;
    showError(null);
    try {
      await fn();
    } catch (e) {
      failed(e);
      // A stale page (another tab moved on): show the game as it is now.
      if (e.status === 409) await refresh(true).catch(failed);
    } finally {
      S.busy = false;
    }
    if (S.heard && differs(S.heard)) catchUp();
  }

  // Whether the live stream told of a game other than the one shown.
  function differs(d) {
    return !S.payload || d.version !== S.payload.version || d.access !== S.access || d.status !== S.payload.status;
  }

  // What the stream told of is read in the background: it never holds up (or swallows) the
  // player's own click, and an answer that another answer overtook is dropped.
  async function catchUp() {
    if (S.revoked) return;
    if (S.refreshing) {
      S.again = true;
      return;
    }
    S.refreshing = true;
    try {
      do {
        S.again = false;
        if (S.heard && S.heard.access !== S.access) {
          S.access = S.heard.access;
          // A seat claimed or a link re-issued: the shared screen redraws the codes.
          if (S.role === "owner" && S.links && S.payload && !S.payload.event) await drawJoin();
        }
        const mark = S.applied;
        const p = await api("GET", `/api/games/${gameId}?${seatQuery()}since=${S.since}&page=1`);
        if (S.applied === mark && !S.busy) apply(p, false, false);
      } while (S.again);
    } catch (e) {
      failed(e);
    } finally {
      S.refreshing = false;
    }
  }

  function listen() {
    const source = new EventSource(`/api/games/${gameId}/stream`);
    S.source = source;
    source.addEventListener("game", (ev) => {
      S.heard = JSON.parse(ev.data);
      // While this page waits for its own answer, it reads the game after it (call() does).
      if (!S.busy && differs(S.heard)) catchUp();
    });
    source.addEventListener("gone", () => {
      source.close();
      showError(new Error(tr("This game was deleted.")));
    });
    // A stream refused (the server keeps a bounded number open, issue 37) is not tried again by
    // the browser: read the game every few seconds instead, and try the stream again later.
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED || S.revoked) return;
      const poll = setInterval(() => { if (!S.busy) catchUp(); }, 3000);
      setTimeout(() => { clearInterval(poll); if (!S.revoked) listen(); }, 30000);
    });
  }

  function seatQuery() {
    return S.seat === null ? "" : `seat=${S.seat}&`;
  }

  async function refresh(resetLog) {
    if (resetLog) S.since = 0;
    const p = await api("GET", `/api/games/${gameId}?${seatQuery()}since=${S.since}&page=1`);
    apply(p, resetLog, false);
  }

  function step(turns) {
    call(async () => {
      const body = { since: S.since, page: true };
      if (S.seat !== null) body.seat = S.seat;
      if (turns !== null) body.turns = turns;
      apply(await api("POST", `/api/games/${gameId}/advance`, body), false, false);
    });
  }

  function decide(choice) {
    skipAnimation();
    call(async () => {
      // On a phone the bots play at once: the shared screen shows their moves.
      const bots = S.fixed || speed() === 0;
      const body = { seat: S.seat, since: S.since, bots, page: true, ...choice };
      apply(await api("POST", `/api/games/${gameId}/actions`, body), false, true);
    });
  }

  function undo() {
    call(async () => apply(await api("POST", `/api/games/${gameId}/undo`, { seat: S.seat, page: true }), true, false));
  }

  function switchSeat(seat) {
    S.seat = seat;
    call(() => refresh(true));
  }

  // Hot seat with hidden cards: nothing of the last player stays on screen while the device
  // changes hands; the next player's view is fetched only once they say they are there.
  async function handoff(seat) {
    S.handoff = seat;
    S.seat = null;
    const p = await api("GET", `/api/games/${gameId}?since=0&page=1`);
    apply(p, true, false);
    $("handoff-text").textContent = `${nameOf(seat)}, it is your turn. Others, please look away.`;
    $("handoff-ready").textContent = tr("I am {name}: show my hand", { name: nameOf(seat) });
    $("handoff").hidden = false;
    $("handoff-ready").focus();
    $("handoff-ready").onclick = () => {
      $("handoff").hidden = true;
      S.handoff = null;
      switchSeat(seat);
    };
  }

  function toggleHowTo() {
    const box = $("howto");
    if (box.hidden) {
      box.replaceChildren(el("h2", {}, tr("How to play {title}", { title: S.payload.title })), ...S.howto.map((t) => el("p", {}, t)),
        el("button", { onclick: toggleHowTo }, tr("Close")));
    }
    box.hidden = !box.hidden;
  }

  function keys(e) {
    if (e.target.closest("input, select, textarea") || !$("handoff").hidden) return;
    if (e.key === "Escape") {
      skipAnimation();
      $("confirm").hidden = true;
      $("howto").hidden = true;
    } else if (!$("confirm").hidden) {
      return;
    } else if (/^[1-9]$/.test(e.key)) {
      const b = $("decisions").querySelectorAll("button")[Number(e.key) - 1];
      if (b) { e.preventDefault(); b.click(); }
    } else if (e.key === "u" && !$("undo").disabled) {
      e.preventDefault();
      undo();
    } else if (e.key === "?") {
      toggleHowTo();
    }
  }

  // The owner's shared screen: a join link and QR code per human seat, and a new link on demand.
  async function drawJoin() {
    const doc = await api("GET", `/api/games/${gameId}/links`);
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
          onfocus: (e) => e.target.select() })]),
      el("button", { "data-testid": "reissue", onclick: () => reissue(j.seat, j.name) },
        j.claimed ? tr("New link (that device stops working)") : tr("New link (the old one stops working)"))));
    $("join").replaceChildren(el("h2", {}, tr("Join from your phone")),
      el("p", { class: "muted" }, tr("Each player scans their own code: their phone shows their hand and decisions; this screen shows the board.")),
      el("ul", { class: "join-list" }, rows));
    $("join").hidden = false;
  }

  async function reissue(seat, name) {
    if (!confirm(tr("Give {name} a new join link? The old one stops working.", { name }))) return;
    try {
      await api("POST", `/api/games/${gameId}/seats/${seat}/reissue`);
      await drawJoin();
    } catch (e) {
      showError(e);
    }
  }

  // The token this device got when it claimed a seat's join link (kept per game).
  const deviceKey = `autodromo.device.${gameId}`;
  function deviceToken() {
    return localStorage.getItem(deviceKey);
  }

  // A join link is claimed once: this device gets a token of its own (kept, and the link's
  // token taken out of the address); a second device is told the seat is taken.
  async function claim(linkToken) {
    // A link nobody claimed yet names its seat: this device claims it. One that names nobody
    // may be this device's own, opened again: its kept token stays the seat's.
    Autodromo.setToken(linkToken);
    const link = await api("GET", `/api/games/${gameId}/me`);
    const kept = deviceToken();
    if (link.role !== "seat" && kept) {
      Autodromo.setToken(kept);
      const me = await api("GET", `/api/games/${gameId}/me`).catch(() => null);
      if (me && me.role === "seat") {
        history.replaceState(null, "", location.pathname + location.search);
        return kept;
      }
      Autodromo.setToken(linkToken);
    }
    try {
      const got = await api("POST", `/api/games/${gameId}/claim`);
      if (got.token !== linkToken) localStorage.setItem(deviceKey, got.token);
      history.replaceState(null, "", location.pathname + location.search);
      return got.token;
    } catch (e) {
      if (e.status === 409 || e.status === 403) {
        S.revoked = true;
        for (const id of ["table", "decisions", "prompt", "aside", "log"]) $(id).replaceChildren();
        $("title").textContent = tr("This seat is taken");
      }
      throw e;
    }
  }


  async function init() {
    Autodromo.initPalette(() => S.payload && apply(S.payload, false, false));
    // A join link carries its seat's token in the fragment (#t=...); the browser that made the
    // game keeps the owner's.
    const fromLink = new URLSearchParams(location.hash.slice(1)).get("t");
    S.token = fromLink ? await claim(fromLink) : deviceToken() || Autodromo.ownerToken(gameId);
    Autodromo.setToken(S.token);
    const me = await api("GET", `/api/games/${gameId}/me`);
    S.role = me.role;
    S.links = me.seating === "links";
    if (fromLink && me.role !== "seat") {
      throw new Error(tr("This join link is no longer valid (the game's owner gave this seat a new one): ask for the new link."));
    }
    const first = await api("GET", `/api/games/${gameId}?board=1&since=0&page=1`);
    S.board = first.board;
    S.game = first.game;
    S.howto = first.how_to_play || [];
    S.hidden = first.hidden_information;
    S.humans = first.seats.filter((s) => s.kind === "human").map((s) => s.seat);
    S.payload = first;
    const query = new URLSearchParams(location.search).get("seat");
    const asked = query !== null && /^\d+$/.test(query) && S.humans.includes(Number(query)) ? Number(query) : null;
    let seat = first.to_move_kind === "human" ? first.to_move : S.humans.length ? S.humans[0] : null;
    if (asked !== null) seat = asked;
    if (S.role === "seat") {
      S.fixed = true;
      seat = me.seat;
      root.dataset.seat = me.seat;
      $("undo").hidden = false;
      // The bots play at once on a phone: the shared screen paces them.
      $("speed").closest("label").style.display = "none";
    } else if (S.links || (me.tokens_required && S.role !== "owner")) {
      // The shared screen, or a spectator: the public board, no hand.
      S.fixed = true;
      seat = null;
      $("undo").hidden = true;
      // A championship's race: its links (the event's) are on the championship's page.
      if (S.role === "owner" && S.links && !first.event) await drawJoin();
    } else if (asked !== null) {
      // Hot seat, and the address asks for one human seat (?seat=N, numbered as the API): this
      // page is that seat's, as a phone is, and waits while another human decides.
      S.fixed = true;
      S.pinned = true;
    }
    root.dataset.role = S.role || "spectator";
    $("undo").addEventListener("click", undo);
    $("howto-open").addEventListener("click", toggleHowTo);
    $("table").addEventListener("click", (e) => { if (!e.target.closest(".reach")) skipAnimation(); });
    $("speed").value = localStorage.getItem("autodromo.speed") || "0";
    $("speed").addEventListener("change", () => {
      localStorage.setItem("autodromo.speed", $("speed").value);
      if (S.payload) next(S.payload);
    });
    document.addEventListener("keydown", keys);
    if (!S.fixed && multiHidden() && seat !== null && first.status !== "finished") {
      await handoff(seat);
    } else {
      S.seat = seat;
      await refresh(true);
    }
    listen();
  }

  init().catch(showError);
})();
