"""Issue 18's one table, for a championship: Debian's chromium, three browser contexts (three
devices). The shared screen makes a two-race Legend championship (balanced cars, 1 lap) with
join links in the lobby; two phones open their links once and follow the event from the
Engine/Brakes split into race 1, back to the repairs, into race 2 and to the final standings,
each deciding only for its seat. Between the races one phone reloads its link (reconnect) and
the other's link is re-issued from the shared screen (the old one refused, the new one plays
on); in race 2 a phone opens its link again mid-race and is taken back into the race. No
context ever holds another seat's view or decisions: every JSON answer each receives is checked
(races as in test_one_table.py, and the championship's own answers)."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer, Page
from .test_e2e import click_fastest
from .test_one_table import NAMES, PHONE, Watch, check_screens, play, public

#: What a reader sees of an element: its text, and the headings a table stacked on a phone shows
#: before each cell (app.css, table.stacks: a CSS label, which inner_text leaves out).
SEEN = """e => e.innerText + '\\n' + [...e.querySelectorAll('td')].filter((c) => c.offsetParent !== null)
  .map((c) => getComputedStyle(c, '::before').content).filter((b) => b.startsWith('"')).map((b) => JSON.parse(b)).join('\\n')"""


class EventWatch(Watch):
    """Also the championship's answers: decisions and the repairs form only for this seat."""

    def _seen(self, response: Any) -> None:
        super()._seen(response)
        if "/api/events/" not in response.url or response.url.endswith("/stream"):
            return
        try:
            doc = response.json()
        except Exception:
            return
        if not isinstance(doc, dict) or "standings" not in doc:
            return
        if doc["decisions"] and doc["to_decide"] != self.seat:
            self.wrong.append(f"{response.url}: {doc['to_decide_name']}'s decisions sent to {self.seat}'s device")
        if "repair" in doc and doc["to_decide"] != self.seat:
            self.wrong.append(f"{response.url}: {doc['to_decide_name']}'s repairs sent to {self.seat}'s device")


def stage_of(dev: Page) -> str:
    dev.page.wait_for_selector("#event[data-stage]")
    return str(dev.page.get_by_test_id("event-root").get_attribute("data-stage"))


def my_decision(phone: Page, others: list[Page], shared: Page) -> None:
    """This phone is asked (and only it): it decides; the others see who decides."""
    phone.page.wait_for_function("() => document.querySelector('[data-testid=decision], [data-testid=repairs]')")
    for other in others:
        assert other.page.get_by_test_id("decision").count() == 0 and other.page.get_by_test_id("repairs").count() == 0
    assert shared.page.get_by_test_id("decision").count() == 0
    assert "decide on their phones" in shared.page.get_by_test_id("nothing-to-decide").inner_text()


def test_two_phones_and_a_shared_screen_play_a_championship_to_its_standings(lan_live: LiveServer, browser: Any) -> None:
    # Phones join a server on the network (issue 32: never a loopback link).
    live = lan_live
    shared = Page(browser, viewport={"width": 1280, "height": 900})
    sp = shared.page
    sp.goto(live.url + "/")
    sp.get_by_test_id("game-legend").check()
    sp.get_by_test_id("seat-count").fill("2")
    sp.get_by_test_id("seat-count").dispatch_event("input")
    for i, (name, car) in enumerate(zip(NAMES, ["osca_mt4", "porsche_550"])):
        sp.get_by_test_id(f"seat-{i}-kind").select_option("human")
        sp.get_by_test_id(f"seat-{i}-name").fill(name)
        sp.get_by_test_id(f"seat-{i}-car").select_option(car)
    sp.get_by_test_id("championship").check()
    sp.get_by_test_id("event-mode").select_option("balanced")
    sp.get_by_test_id("event-laps").fill("1")
    sp.get_by_test_id("seating-links").check()
    sp.get_by_test_id("start").click()
    sp.wait_for_url("**/event/*")
    eid = sp.url.rsplit("/", 1)[1]
    sp.get_by_test_id("join").wait_for()
    assert sp.get_by_test_id("join-seat").count() == 2
    assert sp.get_by_test_id("join-qr").first.evaluate("img => img.naturalWidth") > 0, "the QR code is drawn"
    links = [sp.get_by_test_id("join-url").nth(i).input_value() for i in range(2)]
    assert all(f"/event/{eid}#t=" in u for u in links)
    phones = []
    for seat, link in enumerate(links):
        phone = Page(browser, **PHONE)
        phone.page.goto(link)
        phone.page.wait_for_selector("#event[data-role=seat]")
        phone.page.wait_for_function(f"() => document.getElementById('title').textContent.endsWith('you are {NAMES[seat]}')")
        phones.append(phone)
    devices = (("shared", shared), ("phone-ada", phones[0]), ("phone-bea", phones[1]))
    watches = [EventWatch(shared.page, None), EventWatch(phones[0].page, 0), EventWatch(phones[1].page, 1)]

    # The split: each phone in turn, the other and the shared screen only told who decides.
    assert stage_of(shared) == "split"
    for name, dev in devices:
        dev.shot(f"event-one-table-split-{name}")
    for seat in (0, 1):
        my_decision(phones[seat], [phones[1 - seat]], shared)
        phones[seat].page.get_by_test_id("decision").first.click()
        if seat == 0:
            phones[1].page.get_by_test_id("decision").first.wait_for()

    reissued: dict[str, str] = {}
    for race in (1, 2):
        # Every device follows the event into the race by itself.
        for _, dev in devices:
            dev.page.wait_for_url("**/play/*")
        gid = sp.url.rsplit("/", 1)[1]
        assert all(p.page.url.split("#")[0].endswith(f"/play/{gid}") for p in phones)
        for seat, phone in enumerate(phones):
            phone.page.wait_for_selector(f"#play[data-role=seat][data-seat='{seat}']")
        sp.wait_for_selector("#play[data-role=owner]")
        assert sp.get_by_test_id("join").is_hidden(), "the race's links are the championship's, on its page"

        def during(moves: int, seat: int, race: int = race, gid: str = gid) -> None:
            # A move that ended the race leaves the screens on the results.
            if moves % 10 == 0 and public(live.url, gid)["status"] == "playing":
                check_screens(shared, phones)
            if moves == 8:
                for name, dev in devices:
                    dev.shot(f"event-one-table-race-{race}-{name}")
            if race == 2 and moves == 5:
                # Mid-race, Ada's phone opens her one link again (a closed browser, say): the
                # championship's page takes it back into the race, as her seat.
                phones[0].page.goto(links[0])
                phones[0].page.wait_for_url(f"**/play/{gid}*")
                phones[0].page.wait_for_selector("#play[data-role=seat][data-seat='0']")

        assert play(live, gid, shared, phones, click_fastest, during) > 8
        for name, dev in devices:
            dev.shot(f"event-one-table-race-{race}-{name}-end")
            assert dev.page.get_by_test_id("play-again").count() == 0
        # The shared screen goes back when asked; each phone by itself once its results were
        # shown (issue 32: the championship carries every phone along to its next race).
        sp.get_by_test_id("back-to-event").click()
        for name, dev in devices:
            dev.page.wait_for_url("**/event/*", timeout=30_000)
        assert all(p.page.url.split("#")[0].endswith(f"/event/{eid}") for p in phones)
        sp.get_by_test_id("join-seat").first.wait_for()
        if race == 2:
            break
        assert stage_of(shared) == "repairs"
        for name, dev in devices:
            dev.shot(f"event-one-table-repairs-{name}")
        # Ada repairs nothing; then her phone reloads its link: the same seat (reconnect).
        my_decision(phones[0], [phones[1]], shared)
        phones[0].page.get_by_test_id("repair-submit").click()
        phones[1].page.get_by_test_id("repairs").wait_for()
        phones[0].page.reload()
        phones[0].page.wait_for_selector("#event[data-role=seat][data-seat='0']")
        # Bea's link is re-issued from the shared screen: her phone is told, and refused.
        # Both links were claimed by the phones (issue 37): the shared screen shows no code.
        sp.wait_for_function("() => document.querySelectorAll('[data-testid=join-claimed]').length === 2")
        assert sp.get_by_test_id("join-qr").count() == 0
        sp.once("dialog", lambda d: d.accept())
        sp.get_by_test_id("reissue").nth(1).click()
        bea = "[data-testid=join-seat][data-seat='1'][data-claimed='0'] [data-testid=join-url]"
        sp.wait_for_selector(bea)
        phones[1].page.get_by_test_id("event-error").filter(has_text="no longer valid").wait_for()
        assert phones[1].page.get_by_test_id("repairs").count() == 0, "the old link's page decides nothing"
        phones[1].shot("event-one-table-old-link-refused")
        reissued["bea"] = sp.locator(bea).input_value()
        assert reissued["bea"] != links[1]
        phones[1].page.goto("about:blank")
        phones[1].page.goto(reissued["bea"])
        phones[1].page.wait_for_selector("#event[data-role=seat][data-seat='1']")
        my_decision(phones[1], [phones[0]], shared)
        phones[1].page.get_by_test_id("repair-submit").click()

    # The final standings on every device.
    for name, dev in devices:
        assert stage_of(dev) == "over"
        standings = dev.page.get_by_test_id("standings").evaluate(SEEN)
        assert "Race 1" in standings and "Race 2" in standings and "Ada" in standings and "Bea" in standings
        assert "Champion:" in dev.page.get_by_test_id("stage-panel").inner_text()
        dev.shot(f"event-one-table-standings-{name}")
    assert reissued
    for w in watches:
        assert w.wrong == [], w.wrong[:5]
        assert w.answers > 10
    for _, dev in devices:
        # The re-issued link's refusal was shown on the old page; nothing else went wrong.
        assert [e for e in dev.errors if "403" not in e] == [], dev.errors
        dev.context.close()


def test_a_hot_seat_championship_on_a_lan_is_played_from_the_screen_that_made_it(db: Any, browser: Any) -> None:
    """On a LAN (tokens required) one screen plays a hot-seat championship: its owner's token,
    kept from the lobby, decides for each human seat in the event and in the race it makes;
    another device without it sees the standings and decides nothing."""
    from autodromo_web import create_app

    server = LiveServer(create_app({"DB": str(db), "TESTING": True, "AUTODROMO_LAN": True}))
    try:
        screen = Page(browser, viewport={"width": 1280, "height": 900})
        pg = screen.page
        pg.goto(server.url + "/")
        pg.get_by_test_id("game-legend").check()
        pg.get_by_test_id("seat-count").fill("2")
        pg.get_by_test_id("seat-count").dispatch_event("input")
        for i, (name, car) in enumerate(zip(NAMES, ["osca_mt4", "porsche_550"])):
            pg.get_by_test_id(f"seat-{i}-kind").select_option("human")
            pg.get_by_test_id(f"seat-{i}-name").fill(name)
            pg.get_by_test_id(f"seat-{i}-car").select_option(car)
        pg.get_by_test_id("championship").check()
        pg.get_by_test_id("event-mode").select_option("balanced")
        pg.get_by_test_id("start").click()
        pg.wait_for_url("**/event/*")
        eid = pg.url.rsplit("/", 1)[1]
        assert pg.get_by_test_id("join").is_hidden(), "hot seat: no join links"
        other = Page(browser, **PHONE)
        other.page.goto(f"{server.url}/event/{eid}")
        other.page.wait_for_selector("#event[data-role=spectator][data-stage=split]")
        for seat in (0, 1):
            pg.wait_for_function(f"() => document.getElementById('event').dataset.seat === '{seat}'")
            assert pg.get_by_test_id("to-decide").inner_text() == f"{NAMES[seat]} to decide"
            assert other.page.get_by_test_id("decision").count() == 0, "a device without the token decides nothing"
            pg.get_by_test_id("decision").first.click()
        pg.get_by_test_id("go-to-race").click()
        pg.wait_for_url("**/play/*")
        # The race takes the event's owner token: the screen plays its human seats.
        pg.wait_for_selector("#play[data-role=owner]")
        pg.wait_for_function("() => document.querySelector('[data-testid=decision]') || document.getElementById('handoff').hidden === false")
        screen.shot("event-lan-hotseat-race")
        assert pg.get_by_test_id("play-error").inner_text() == ""
        other.shot("event-lan-hotseat-other-device")
        for dev in (screen, other):
            assert dev.errors == [], dev.errors
            dev.context.close()
    finally:
        server.stop()
