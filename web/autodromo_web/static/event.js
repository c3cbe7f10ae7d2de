// An event page (a championship): the races with links to them, the standings, the decision of
// the moment (drawn by the game's event script), what happened. The seat deciding is the human
// whose decision it is (hot seat); bots decide on the server.
"use strict";
(() => {
  const { api, el, events } = Autodromo;
  const $ = (id) => document.getElementById(id);
  const eventId = $("event").dataset.eventId;
  let busy = false;

  function showError(e) {
    $("event-error").textContent = e ? e.message || String(e) : "";
  }

  function draw(e) {
    $("event").dataset.stage = e.stage;
    $("title").textContent = e.title;
    $("stage").textContent = e.stage_text;
    $("to-decide").textContent = e.to_decide_name ? `${e.to_decide_name} to decide`
      : e.stage === "race" ? "racing" : e.stage === "over" ? "the championship is over" : "";
    $("races").replaceChildren(...e.races.map((r) => el("li", {},
      `${r.circuit}, ${r.laps} lap${r.laps === 1 ? "" : "s"}: ${r.status}`,
      r.id ? el("a", { href: `/play/${r.id}`, "data-testid": `race-${r.number}` }, r.status === "finished" ? " results" : " go to the race") : "")));
    const s = e.standings;
    $("standings").replaceChildren(el("thead", {}, el("tr", {}, s.columns.map((c) => el("th", {}, c)))),
      el("tbody", {}, s.rows.map((r) => el("tr", {}, r.cells.map((c, i) => el("td", {}, i === 1 ? Autodromo.swatch(r.seat) : "", c))))));
    $("points").textContent = `Points for 1st to ${e.points.length}th: ${e.points.join(", ")}; a car that does not finish scores nothing.`;
    const game = events[e.game];
    $("stage-panel").replaceChildren(...(game ? game.render(e, decide) : []));
    $("decisions").replaceChildren(...e.decisions.map((d, i) => el("button", { "data-testid": "decision", class: i === 0 ? "primary" : "",
      onclick: () => decide(d.id) }, d.text)));
    $("log").replaceChildren(...e.log.map((l) => el("li", {}, l.text)));
    $("log").scrollTop = $("log").scrollHeight;
  }

  async function load() {
    const first = await api("GET", `/api/events/${eventId}`);
    const seat = first.to_decide !== null && first.seats[first.to_decide].kind === "human" ? first.to_decide : null;
    const e = seat === null ? first : await api("GET", `/api/events/${eventId}?seat=${seat}`);
    e.seat = seat;
    $("event").dataset.seat = seat === null ? "" : seat;
    draw(e);
  }

  async function decide(choice) {
    if (busy) return;
    busy = true;
    showError(null);
    try {
      const seat = Number($("event").dataset.seat);
      await api("POST", `/api/events/${eventId}/decisions`, { seat, choice });
      await load();
    } catch (e) {
      showError(e);
    } finally {
      busy = false;
    }
  }

  async function init() {
    Autodromo.initPalette();
    await load();
  }

  init().catch(showError);
})();
