"""The server's routes for the web table, without a browser: the page and its modules served
from the package, the lobby's catalogue of games and options, and a finished game's positions
for the replay."""

from __future__ import annotations

import attrs

import cardgames
from cardgames.core.errors import OptionsError
from cardgames.hanabi.hints import card_status, known_status
from cardgames.server.catalogue import game_catalogue
from cardgames.server.tables import BOT_NAMES, bot_names
from cardgames.wire.encode import seat_view, spectator_view
from server.kit import Running, random_chooser


def test_the_page_and_its_modules_are_served(server: Running) -> None:
    page = server.request("GET", "/")
    assert page.status_code == 200
    assert '<script type="module" src="app.js">' in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "default-src 'self'" in policy
    for path in ("/app.js", "/style.css", "/games/hanabi/hanabi.js", "/games/hanabi/hanabi.css",
                 "/games/koikoi/cards/jan-crane.svg"):
        response = server.request("GET", path)
        assert response.status_code == 200, path
        assert response.headers["content-security-policy"] == policy, path
    assert "javascript" in server.request("GET", "/app.js").headers["content-type"]
    # A game's files come from the folder its GameInfo names (web_assets), in its package.
    for name, info in cardgames.games().items():
        folder = info.web_folder()
        assert folder is not None, name
        served = server.request("GET", f"/games/{name}/{name}.js")
        assert "javascript" in served.headers["content-type"], name
        assert served.text == folder.joinpath(f"{name}.js").read_text(encoding="utf-8")
    for missing_path in ("/games/nothing/nothing.js", "/games/hanabi/nothing.js",
                         "/games/hanabi.js"):
        missing = server.request("GET", missing_path)
        assert missing.status_code == 404, missing_path
        assert missing.json()["code"] == "not_found", missing_path
    # Nothing outside the web folder, however the path is written.
    assert server.request("GET", "/..%2fapp.py").status_code == 404
    assert server.request("GET", "/%2e%2e/%2e%2e/server/app.py").status_code == 404
    assert server.request("GET", "/games/hanabi/..%2f__init__.py").status_code == 404
    assert server.request("GET", "/games/hanabi/%2e%2e/%2e%2e/server/app.py").status_code == 404


def test_the_catalogue_offers_every_game_and_option(server: Running) -> None:
    served = server.ok("GET", "/api/games")
    assert served == game_catalogue()
    games = {entry["name"]: entry for entry in served["games"]}
    assert set(games) == set(cardgames.games())
    hanabi = games["hanabi"]
    assert hanabi["preset_word"] == "variant"
    assert "rainbow" in hanabi["presets"]
    assert hanabi["players"] == {"min": 2, "max": 5, "default": 2}
    assert hanabi["bots"][:3] == ["easy", "normal", "hard"]
    # The lobby offers Koi-Koi's learned bot by name, and seats the strongest level.
    assert "learned" in games["koikoi"]["bots"]
    assert games["koikoi"]["default_bot"] == "greedy"  # its bot for people
    options = {option["name"]: option for option in hanabi["options"]}
    assert options["deck_plays"] == {
        "name": "deck_plays", "label": "deck plays", "kind": "switch", "default": False,
        "help": "With one card left in the draw pile, it may be played blind from the pile "
                "(an orange suit's card, like any \"play\" of one, is discarded instead, as on "
                "hanab.live)."}
    assert options["clue_tokens"]["kind"] == "number"
    # A person's table starts at hanab.live's No Variant, and the options at its values;
    # the library's default stays the rulebook's.
    assert (hanabi["preset_with_people"], hanabi["default_preset"]) == ("no-variant", "standard")
    assert options["empty_clues"]["default"] is False
    assert games["koikoi"]["preset_with_people"] == games["koikoi"]["default_preset"]
    koikoi = {option["name"]: option for option in games["koikoi"]["options"]}
    assert koikoi["koikoi_penalty"]["kind"] == "choice"
    assert set(koikoi["koikoi_penalty"]["choices"]) == {"double", "none", "growing"}
    assert options["special_rank"]["none"] == "none"  # a number or none
    # Every single option of the rule set is offered (only its name and the structured
    # fields, such as the suits, come with the rule set alone), and each value the
    # catalogue names is one the game takes (or refuses beside the others, naming why).
    for entry in served["games"]:
        info = cardgames.get_game(entry["name"])
        fields = attrs.fields(info.options_type)
        scalar = {field.name for field in fields if field.init and field.name != "name"
                  and not str(field.type).startswith("tuple")}
        assert {option["name"] for option in entry["options"]} == scalar
        for option in entry["options"]:
            values = (option["choices"] if option["kind"] == "choice"
                      else ["true", "false"] if option["kind"] == "switch"
                      else [option["none"]] if option["min"] is None
                      else [str(option["min"]), str(option["max"])])
            for value in values:
                refused = ""
                try:
                    info.new_game(entry["players"]["min"], 1, **{option["name"]: value})
                except OptionsError as exc:
                    refused = str(exc)
                assert not refused or "special" in refused or option["name"] in refused
    # The lobby's way: a rule set and single options as strings.
    created = server.ok("POST", "/api/tables", {
        "game": "hanabi", "seats": [{"bot": None}, {"bot": "easy"}],
        "options": {"variant": "rainbow", "clue_tokens": "6", "deck_plays": "true"}})
    assert created["options"] == {"variant": "rainbow", "clue_tokens": "6", "deck_plays": "true"}


def test_a_finished_game_replays_position_by_position(server: Running) -> None:
    table = server.create("hanabi", [None, "easy"], seed=5, password="pw")
    _seat, token = server.sit(table, "Ann", password="pw")
    password = {"X-Table-Password": "pw"}
    before = server.request("GET", f"/api/tables/{table}/moves/0", headers=password)
    assert before.status_code == 409  # not started, not over: no replay yet
    server.ok("POST", f"/api/tables/{table}/start", {"token": token})
    client = server.client()
    client.join(table, token)
    over = client.play(random_chooser(1))
    client.close()
    assert over is not None
    end = len(over["record"]["actions"])
    refused = server.request("GET", f"/api/tables/{table}/moves/1")
    assert refused.status_code == 403  # private: the password is needed
    wrong = server.request("GET", f"/api/tables/{table}/moves/1", headers={
        "X-Table-Password": "nope"})
    assert wrong.status_code == 403
    # Never in the address, which access logs keep: refused with a word on where it goes.
    in_query = server.request("GET", f"/api/tables/{table}/moves/1?password=pw")
    assert in_query.status_code == 400
    assert "X-Table-Password" in in_query.json()["message"]
    first = server.ok("GET", f"/api/tables/{table}/moves/0", headers=password)
    assert first["move"] == 0
    assert first["log"] == []
    assert first["view"]["seat"] == 0
    assert "own_hand" in first["view"]  # as seat 0 saw it: its own cards without identity
    assert "card" not in first["view"]["own_hand"][0]
    middle = server.ok("GET", f"/api/tables/{table}/moves/{end // 2}?seat=1", headers=password)
    assert middle["seat"] == 1
    assert len(middle["log"]) == end // 2
    assert middle["status"] == "playing"
    last = server.ok("GET", f"/api/tables/{table}/moves/{end}", headers=password)
    assert last["status"] == "over"
    # As the spectators saw it: nobody's seat, every hand with its cards, the public log.
    watched = server.ok("GET", f"/api/tables/{table}/moves/{end // 2}?spectator=true",
                        headers=password)
    assert watched["seat"] is None
    assert watched["view"]["type"] == "HanabiPublicView"
    assert all(slot["card"] for hand in watched["view"]["hands"] for slot in hand)
    assert len(watched["log"]) == end // 2
    for path in (f"moves/{end + 1}", "moves/-1", "moves/2?seat=2", "moves/x"):
        response = server.request("GET", f"/api/tables/{table}/{path}", headers=password)
        assert response.status_code in (400, 422), (path, response.text)


def test_hanabi_marks_are_what_each_viewer_can_tell() -> None:
    """The views' ``marks`` are the game's own statuses: of the card, where the viewer sees
    it; of what its holder knows, where it does not (its own hand; every hand for a
    spectator)."""
    game = cardgames.get_game("hanabi")
    state = game.new_game(3, 4)
    bots = [game.bots["easy"](seat) for seat in range(3)]  # a long game: cards turn to trash
    marked = set()
    while not state.is_over:
        for seat in range(3):
            view, data = state.view(seat), seat_view(state, seat)
            hands = [view.own_hand if holder == seat else view.other_hands[holder]
                     for holder in range(3)]
            expected = {str(slot.order): (known_status(view, slot.possible) if holder == seat
                                          else card_status(view, slot.card))
                        for holder, hand in enumerate(hands) for slot in hand}
            assert data["marks"] == expected
            marked |= {mark for mark in expected.values() if mark}
        public = state.public_view()
        assert spectator_view(state)["marks"] == {
            str(slot.order): known_status(public, slot.possible)
            for hand in public.hands for slot in hand}
        seat = state.current_player
        state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    assert marked == {"playable", "critical", "trash"}


def test_a_bot_gives_its_name_to_a_person_who_sits_under_it(server: Running) -> None:
    table = server.create("ikebana", [None, "easy", "hard"])
    bots = [seat["name"] for seat in server.info(table)["seats"][1:]]
    assert bots == bot_names([None, "easy", "hard"], table)[1:]
    seat, _ = server.sit(table, bots[0].lower())
    after = server.info(table)["seats"]
    assert after[seat]["name"] == bots[0].lower()
    names = [row["name"] for row in after]
    assert len({name.casefold() for name in names}) == 3
    assert after[1]["kind"] == "bot"
    assert after[1]["name"] in BOT_NAMES
    assert after[2]["name"] == bots[1]  # the other bot keeps its name
