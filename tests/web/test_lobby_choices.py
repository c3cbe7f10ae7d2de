"""Issue 32 item 8: a lobby that shows only the choices that apply. The championship's fields only
when "Play a championship" is ticked; no car menus when its Racing Day auction sells the cars
(historical play), the car menus back for balanced play, where each player names a car, and the
era only for historical play."""

from __future__ import annotations

from .conftest import LiveServer, Page


def test_the_lobby_offers_cars_and_championship_fields_only_where_they_apply(live: LiveServer, page: Page) -> None:
    pg = page.page
    pg.goto(live.url + "/")
    pg.get_by_test_id("game-legend").check()
    cars = pg.locator('[data-testid$="-car"]')
    assert cars.count() >= 2 and all(cars.nth(i).is_visible() for i in range(cars.count()))
    # A single race: the cars are chosen here, no championship field is shown.
    assert not pg.get_by_test_id("event-mode").is_visible() and not pg.get_by_test_id("event-era").is_visible()
    pg.get_by_test_id("championship").check()
    assert pg.get_by_test_id("event-mode").input_value() == "historical"
    assert pg.get_by_test_id("event-era").is_visible()
    assert not any(cars.nth(i).is_visible() for i in range(cars.count())), "the auction sells the cars"
    page.shot("lobby-championship-historical")
    pg.get_by_test_id("event-mode").select_option("balanced")
    assert all(cars.nth(i).is_visible() for i in range(cars.count()))
    assert not pg.get_by_test_id("event-era").is_visible()
    # A seat added while the auction sells the cars gets no car menu either.
    pg.get_by_test_id("event-mode").select_option("historical")
    pg.get_by_test_id("seat-count").fill("4")
    pg.get_by_test_id("seat-count").dispatch_event("input")
    assert cars.count() == 4 and not any(cars.nth(i).is_visible() for i in range(4))
    pg.get_by_test_id("championship").uncheck()
    assert all(cars.nth(i).is_visible() for i in range(4))
    assert not pg.get_by_test_id("event-mode").is_visible()
    assert page.errors == []
