"""What is where on a matplotlib figure (mmlib.draw.geometry): texts with their sizes and boxes, legends,
data points and series, in pixels, checked on figures built with known sizes and positions."""

import json

from matplotlib.figure import Figure

from mmlib.draw.geometry import geometry, geometry_json


def _figure():
    figure = Figure(figsize=(4, 3), dpi=100)
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 4)
    ax.set_ylim(0, 3)
    ax.axis("off")
    return figure, ax


def test_a_text_has_its_size_in_points_and_its_box_where_it_was_put():
    figure, ax = _figure()
    ax.text(2, 1.5, "middle", fontsize=11, ha="center", va="center", color="red")
    facts = geometry(figure)
    assert (facts["dpi"], facts["width"]) == (100.0, 400.0)
    (text,) = facts["texts"]                      # the axis is off: no tick labels
    assert (text["text"], text["pt"], text["role"], text["rotation"]) == ("middle", 11.0, "text", 0.0)
    x0, y0, x1, y1 = text["box"]
    assert abs((x0 + x1) / 2 - 200) < 1 and abs((y0 + y1) / 2 - 150) < 1  # centred on (2, 1.5): 100 px a unit
    assert x0 <= text["ink"][0] and text["ink"][2] <= x1                  # the letters lie inside their box
    assert text["color"] == [1.0, 0.0, 0.0, 1.0] and text["background"] is None


def test_a_line_is_sampled_in_pixels_and_a_legend_gives_its_box_and_words():
    figure, ax = _figure()
    ax.plot([0, 4], [0, 3], label="diagonal")
    ax.legend(loc="upper left", fontsize=9)
    facts = geometry(figure)
    ((label, points),) = [(series["label"], series["points"]) for series in facts["series"]]
    assert label == "diagonal"
    assert all(abs(y - 0.75 * x) < 1e-6 for x, y in points)               # y = 3/4 x in pixels as in data
    assert min(points)[0] == 0 and max(points)[0] == 400
    assert [(t["text"], t["pt"], t["role"]) for t in facts["texts"]] == [("diagonal", 9.0, "legend")]
    ((x0, y0, x1, y1),) = facts["legends"]
    assert 0 <= x0 < x1 < 200 and 150 < y0 < y1 <= 300                     # the upper left quarter


def test_the_json_is_the_geometry():
    figure, ax = _figure()
    ax.text(1, 1, "a")
    assert json.loads(geometry_json(figure))["texts"][0]["text"] == "a"
