"""Connect Four boards drawn (mmlib.draw.connect4): lettered discs, the winning line, a title in words."""

import xml.etree.ElementTree as ET

from mmlib.draw.connect4 import connect4_svg
from mmlib.games.connect4 import ConnectFour

SVG = "{http://www.w3.org/2000/svg}"


def test_discs_carry_their_letter_and_the_winning_line_is_drawn():
    game = ConnectFour()
    svg = ET.fromstring(connect4_svg(game, game.position("0101010")))
    letters = sorted(t.text for t in svg.iter(f"{SVG}text"))
    assert letters == ["O"] * 3 + ["X"] * 4
    assert all(float(t.get("font-size")) >= 12 for t in svg.iter(f"{SVG}text"))
    assert [e.get("class") for e in svg.iter() if e.get("class") == "win-line"] == ["win-line"]
    assert svg.find(f"{SVG}title").text.startswith("Connect Four board, X has connected 4.")
