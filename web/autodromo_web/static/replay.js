// The replay viewer: the game as a spectator saw it after any step, with step and scrub.
"use strict";
(() => {
  const { api, el, games, tr } = Autodromo;
  const $ = (id) => document.getElementById(id);
  const gameId = $("replay").dataset.gameId;
  let steps = [];
  let base = null;
  let wanted = 0;
  let loading = false;

  async function show(k) {
    wanted = Math.max(0, Math.min(steps.length, k));
    $("scrub").value = wanted;
    if (loading) return;
    loading = true;
    try {
      // Scrubbing fires many events: fetch only the latest position asked for.
      let shown = -1;
      while (shown !== wanted) {
        shown = wanted;
        const frame = await api("GET", `/api/games/${gameId}/at/${shown}`);
        const p = { ...base, table: frame.table, plan: [], seat: null };
        $("table").replaceChildren(...games[base.game].render(p, base.board, null));
        // The step number follows the frame on screen, not the one asked for.
        $("step").textContent = shown;
        $("label").textContent = shown ? steps[shown - 1].text : tr("the start");
        const items = $("timeline").children;
        for (const li of $("timeline").querySelectorAll("[aria-current]")) li.removeAttribute("aria-current");
        if (shown > 0 && items[shown - 1]) {
          items[shown - 1].setAttribute("aria-current", "step");
          items[shown - 1].scrollIntoView({ block: "nearest" });
        }
      }
    } finally {
      loading = false;
    }
  }

  async function init() {
    Autodromo.initPalette(() => show(wanted));
    // This device's token (a claimed seat's, else the owner's): the timeline is worded as that
    // seat may read it (a spectator's for the owner).
    Autodromo.setToken(localStorage.getItem(`autodromo.device.${gameId}`) || Autodromo.ownerToken(gameId));
    base = await api("GET", `/api/games/${gameId}?board=1&since=1000000000&page=1`);
    steps = (await api("GET", `/api/games/${gameId}/steps`)).steps;
    $("title").textContent = `Replay: ${base.title} · seed ${base.seed}`;
    $("of").textContent = steps.length;
    $("scrub").max = steps.length;
    $("timeline").replaceChildren(...steps.map((s, i) =>
      el("li", {}, el("a", { href: "#", onclick: (e) => { e.preventDefault(); show(i + 1); } }, s.text))));
    $("back-to-game").href = `/play/${gameId}`;
    $("first").onclick = () => show(0);
    $("back").onclick = () => show(wanted - 1);
    $("forward").onclick = () => show(wanted + 1);
    $("last").onclick = () => show(steps.length);
    $("scrub").addEventListener("input", () => show(Number($("scrub").value)));
    document.addEventListener("keydown", (e) => {
      if (e.target.closest("input, select")) return;
      if (e.key === "ArrowLeft") show(wanted - 1);
      if (e.key === "ArrowRight") show(wanted + 1);
    });
    await show(0);
  }

  init().catch((e) => { $("label").textContent = e.message; });
})();
