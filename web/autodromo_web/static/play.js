// A game page: whose turn it is, the table as that seat sees it, its decisions with their
// breakdown, the log, undo, the bots' speed, and the hand-off between human seats.
"use strict";
(() => {
  const { api, el } = Autodromo;
  const $ = (id) => document.getElementById(id);
  const root = $("play");
  const gameId = root.dataset.gameId;
  const S = { seat: null, since: 0, board: null, payload: null, busy: false, timer: null, handoff: null, humans: [], hidden: false };

  const multiHidden = () => S.hidden && S.humans.length >= 2;
  const speed = () => Number($("speed").value);
  const nameOf = (seat) => S.payload.seats[seat].name;

  function showError(e) {
    $("play-error").textContent = e ? e.message || String(e) : "";
  }

  function ordinal(n) {
    return ["1st", "2nd", "3rd"][n] || `${n + 1}th`;
  }

  function drawStatus(p) {
    $("title").textContent = `${p.title} · seed ${p.seed}`;
    $("turn").textContent = `${p.turn.label} ${p.turn.value}`;
    let who;
    if (p.status === "finished") {
      const places = p.result.places;
      const order = p.seats.map((s) => s.seat).sort((a, b) => places[a] - places[b]);
      who = "Finished: " + order.map((s) => `${ordinal(places[s] - 1)} ${nameOf(s)}`).join(", ");
    } else if (p.to_move === null) {
      who = "…";
    } else if (p.to_move_kind === "bot") {
      who = `${nameOf(p.to_move)} (bot) to play`;
    } else {
      who = p.to_move === S.seat ? `Your turn, ${nameOf(p.to_move)}` : `${nameOf(p.to_move)} to play`;
    }
    $("to-move").textContent = who;
    $("to-move").classList.toggle("result", p.status === "finished");
    $("distance").replaceChildren(...p.distance.map((d) =>
      el("li", {}, d.seat !== undefined ? Tables.swatch(d.seat) : "", `${d.who}: ${d.left} ${d.unit} to go`)));
    const undo = $("undo");
    undo.disabled = !p.undo.ok;
    undo.title = p.undo.ok ? "take back your last decision" : `cannot undo: ${p.undo.reason}`;
    $("export").href = `/api/games/${gameId}/replay`;
    $("export").setAttribute("download", `autodromo-${p.game}-${gameId}.json`);
    $("viewer").href = `/replay/${gameId}`;
  }

  function drawDecisions(p) {
    const box = $("decisions");
    const prompt = $("prompt");
    prompt.replaceChildren();
    box.replaceChildren();
    $("dashboard").replaceChildren();
    if (p.game === "legend" && p.view.active && p.view.phase.seat !== null && p.view.phase.seat !== undefined) {
      const car = p.view.cars[p.view.phase.seat];
      if (car && S.board.dashboard) $("dashboard").append(Board.dashboard(car, S.board.dashboard));
    }
    if (!p.legal.length) {
      box.append(el("p", { class: "muted" }, p.status === "finished" ? "The game is over." : "Nothing to decide now."));
      return;
    }
    const phase = p.view.phase;
    if (p.game === "mille_bornes" && phase && phase.name === "coup_fourre") {
      prompt.append(el("div", { class: "prompt", "data-testid": "coup-fourre-prompt" },
        el("strong", {}, "Coup fourré! "),
        `${nameOf(phase.attacker)} played ${phase.hazard} on you and you hold the safety: call it now?`));
    } else if (p.game === "legend") {
      prompt.append(el("p", { class: "muted" }, `${phase.name}` + (p.plan.length ? " — or pick a highlighted space on the board" : "")));
    }
    p.legal.forEach((a, i) => {
      const b = el("button", { "data-testid": "decision", "data-label": a.label, class: i === 0 ? "primary" : "",
        "aria-keyshortcuts": i < 9 ? String(i + 1) : null, onclick: () => decide({ action: a.id }) },
        el("span", {}, i < 9 ? `${i + 1}. ${a.label}` : a.label),
        a.breakdown ? el("span", { class: "breakdown" }, a.breakdown) : "");
      box.append(b);
    });
  }

  function drawLog(p, reset) {
    const list = $("log");
    if (reset) list.replaceChildren();
    for (const e of p.log) {
      if (!e.text) continue;
      list.append(el("li", { value: e.i + 1 }, e.text));
    }
    list.scrollTop = list.scrollHeight;
  }

  function drawTable(p) {
    $("table").replaceChildren(...Tables.render(p, S.board, (plan) => decide({ plan })));
  }

  function apply(p, resetLog) {
    S.payload = p;
    root.dataset.version = p.version;
    drawStatus(p);
    drawTable(p);
    drawDecisions(p);
    drawLog(p, resetLog);
    S.since = p.log_length;
    next(p);
  }

  function next(p) {
    clearTimeout(S.timer);
    if (p.status === "finished") return;
    if (p.to_move_kind === "bot") {
      const ms = speed();
      if (ms < 0) return;
      S.timer = setTimeout(() => step(ms === 0 ? null : 1), ms);
    } else if (p.to_move_kind === "human" && p.to_move !== S.seat) {
      const seat = p.to_move;
      if (!multiHidden()) setTimeout(() => switchSeat(seat), 0);
      else if (S.handoff !== seat) handoff(seat).catch(showError);
    } else if (p.to_move === S.seat) {
      const first = $("decisions").querySelector("button");
      if (first && !document.activeElement.closest("select, input, .track")) first.focus({ preventScroll: true });
    }
  }

  async function call(fn) {
    if (S.busy) return;
    S.busy = true;
    showError(null);
    try {
      await fn();
    } catch (e) {
      showError(e);
      // A stale page (another tab moved on): show the game as it is now.
      if (e.status === 409) await refresh(true).catch(showError);
    } finally {
      S.busy = false;
    }
  }

  function seatQuery() {
    return S.seat === null ? "" : `seat=${S.seat}&`;
  }

  async function refresh(resetLog) {
    if (resetLog) S.since = 0;
    const p = await api("GET", `/api/games/${gameId}?${seatQuery()}since=${S.since}`);
    apply(p, resetLog);
  }

  function step(steps) {
    call(async () => {
      const body = { since: S.since };
      if (S.seat !== null) body.seat = S.seat;
      if (steps !== null) body.steps = steps;
      apply(await api("POST", `/api/games/${gameId}/advance`, body), false);
    });
  }

  function decide(choice) {
    call(async () => {
      const body = { seat: S.seat, since: S.since, bots: speed() === 0, ...choice };
      apply(await api("POST", `/api/games/${gameId}/actions`, body), false);
    });
  }

  function undo() {
    call(async () => apply(await api("POST", `/api/games/${gameId}/undo`, { seat: S.seat }), true));
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
    const p = await api("GET", `/api/games/${gameId}?since=0`);
    apply(p, true);
    $("handoff-text").textContent = `${nameOf(seat)}, it is your turn. Others, please look away.`;
    $("handoff-ready").textContent = `I am ${nameOf(seat)}: show my hand`;
    $("handoff").hidden = false;
    $("handoff-ready").focus();
    $("handoff-ready").onclick = () => {
      $("handoff").hidden = true;
      S.handoff = null;
      switchSeat(seat);
    };
  }

  function keys(e) {
    if (e.target.closest("input, select, textarea") || !$("handoff").hidden) return;
    if (/^[1-9]$/.test(e.key)) {
      const b = $("decisions").querySelectorAll("button")[Number(e.key) - 1];
      if (b) { e.preventDefault(); b.click(); }
    } else if (e.key === "u" && !$("undo").disabled) {
      e.preventDefault();
      undo();
    }
  }

  async function init() {
    Autodromo.initPalette(() => S.payload && apply(S.payload, false));
    const first = await api("GET", `/api/games/${gameId}?board=1&since=0`);
    S.board = first.board;
    S.hidden = first.hidden_information;
    S.humans = first.seats.filter((s) => s.kind === "human").map((s) => s.seat);
    S.payload = first;
    const asked = new URLSearchParams(location.search).get("seat");
    let seat = first.to_move_kind === "human" ? first.to_move : S.humans.length ? S.humans[0] : null;
    if (asked !== null && S.humans.includes(Number(asked))) seat = Number(asked);
    $("undo").addEventListener("click", undo);
    $("speed").value = localStorage.getItem("autodromo.speed") || "0";
    $("speed").addEventListener("change", () => {
      localStorage.setItem("autodromo.speed", $("speed").value);
      if (S.payload) next(S.payload);
    });
    document.addEventListener("keydown", keys);
    if (multiHidden() && seat !== null && first.status !== "finished") {
      await handoff(seat);
    } else {
      S.seat = seat;
      await refresh(true);
    }
  }

  init().catch(showError);
})();
