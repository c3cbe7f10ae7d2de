// A dense board on a phone (issue 32, item 3): when the spaces or sections a player may tap are
// under a finger's 44 CSS px, the first tap on the board zooms it around that point until they
// are not; the next tap on one takes it, a tap beside them shows the whole board again. A new
// position draws a new board, whole. A mouse or a pen (a precise pointer), or a board whose
// targets are large enough, is never zoomed.
"use strict";

(() => {
  const FINGER = 44;
  const TARGETS = ".reach, .placeable";
  const phone = window.matchMedia("(max-width: 800px)");
  let finger = false;
  document.addEventListener("pointerdown", (e) => { finger = e.pointerType === "touch"; }, true);

  const smallest = (board) => Math.min(...[...board.querySelectorAll(TARGETS)].map((n) => {
    const r = n.getBoundingClientRect();
    return Math.min(r.width, r.height);
  }).filter((s) => s > 0));

  function zoomIn(board, e) {
    const whole = board.viewBox.baseVal;
    const box = board.getBoundingClientRect();
    const factor = Math.min(6, Math.max(2, (FINGER + 4) / smallest(board)));
    const [w, h] = [whole.width / factor, whole.height / factor];
    // The tapped point, in the board's units, stays under the finger.
    const x = whole.x + (e.clientX - box.left) / box.width * whole.width;
    const y = whole.y + (e.clientY - box.top) / box.height * whole.height;
    const left = Math.min(Math.max(x - w / 2, whole.x), whole.x + whole.width - w);
    const top = Math.min(Math.max(y - h / 2, whole.y), whole.y + whole.height - h);
    board.dataset.whole = `${whole.x} ${whole.y} ${whole.width} ${whole.height}`;
    board.setAttribute("viewBox", `${left} ${top} ${w} ${h}`);
    board.dataset.zoomed = "1";
  }

  function zoomOut(board) {
    board.setAttribute("viewBox", board.dataset.whole);
    delete board.dataset.zoomed;
  }

  document.addEventListener("click", (e) => {
    const board = e.target.closest && e.target.closest("#table svg.track");
    if (!board || !phone.matches) return;
    if (board.dataset.zoomed) {
      if (!e.target.closest(TARGETS)) {
        zoomOut(board);
        e.stopPropagation();
      }
      return;
    }
    if (!finger || !board.querySelector(TARGETS) || smallest(board) >= FINGER) return;
    zoomIn(board, e);
    e.preventDefault();
    e.stopPropagation();
  }, true);
})();
