// A lesson's page (lesson.html): a decision is sent to the server, which plays it at the
// lesson's position and answers with what the rules did and why it is right or wrong.
(function () {
  "use strict";
  const A = Autodromo;
  const box = document.getElementById("lesson");
  if (!box) return;
  const feedback = document.getElementById("feedback");
  const path = `/api/lessons/${box.dataset.game}/${box.dataset.lesson}`;

  function show(answer) {
    feedback.replaceChildren(
      A.el("p", { class: answer.right ? "verdict right" : "verdict wrong", "data-testid": "lesson-verdict" },
        A.el("strong", { text: answer.verdict }), " ", answer.chosen,
        answer.detail ? A.el("span", { class: "detail", text: ` (${answer.detail})` }) : null),
      A.el("p", { "data-testid": "lesson-why", text: answer.why }),
      A.el("p", { class: "muted", text: answer.heading }),
      A.el("ul", { "data-testid": "lesson-happened" }, answer.happened.map((line) => A.el("li", { text: line }))),
    );
    feedback.className = answer.right ? "feedback right" : "feedback wrong";
    feedback.hidden = false;
    // On a phone the list of decisions may push the answer below the screen.
    feedback.scrollIntoView({ block: "nearest" });
  }

  // The lesson's position as a game of its own, on the game's board, against its bots.
  document.getElementById("play-on").addEventListener("click", async () => {
    try {
      const created = await A.api("POST", `${path}/play`);
      A.rememberOwner(created.id, created.owner_token);
      window.location.href = `/play/${created.id}`;
    } catch (e) {
      feedback.replaceChildren(A.el("p", { class: "error", role: "alert", text: e.message }));
      feedback.hidden = false;
    }
  });

  for (const button of box.querySelectorAll("button[data-action]")) {
    button.addEventListener("click", async () => {
      for (const b of box.querySelectorAll("button[data-action]")) b.removeAttribute("aria-pressed");
      button.setAttribute("aria-pressed", "true");
      try {
        show(await A.api("POST", path, { action: Number(button.dataset.action) }));
      } catch (e) {
        feedback.replaceChildren(A.el("p", { class: "error", role: "alert", text: e.message }));
        feedback.hidden = false;
      }
    });
  }
})();
