"""Tests of mmlib.draw.svg_text: SVG elements written as text that any XML parser reads back."""

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from mmlib.draw.svg_text import SVG_NS, clean_text, element, number_text, svg_open, text_element


@given(st.text())
def test_any_text_is_written_so_that_xml_reads_it_back(text):
    root = ET.fromstring(f'<g>{text_element(1, 2, text, class_="label", aria_label=text)}</g>')
    node = root[0]
    # XML reads a line break in a text as \n and any white space in an attribute as a space
    assert (node.text or "") == clean_text(text).replace("\r\n", "\n").replace("\r", "\n")
    spaced = clean_text(text).replace("\r\n", " ")
    assert node.get("aria-label") == spaced.translate(str.maketrans("\t\n\r", "   "))
    assert node.get("class") == "label"
    assert (node.get("x"), node.get("y")) == ("1", "2")


def test_characters_xml_forbids_become_the_replacement_character():
    assert clean_text("tab\tnew\nline\x00\x1b") == "tab\tnew\nline\ufffd\ufffd"
    assert clean_text(3.5) == "3.5"


def test_names_none_and_numbers_in_attributes():
    written = element("rect", class_="node", stroke_width=1.26, fill=None)
    assert written == '<rect class="node" stroke-width="1.3"/>'
    assert [number_text(v) for v in (0.0, 2.96, -3.46, 100.04)] == ["0", "3", "-3.5", "100"]


def test_the_opening_tag_names_its_size_and_its_text_alternative():
    svg = ET.fromstring(svg_open(300.5, 120, 'a tree & its "values"') + "</svg>")
    assert svg.tag == f"{{{SVG_NS}}}svg" and svg.get("role") == "img"
    assert svg.get("aria-label") == 'a tree & its "values"' and svg.get("viewBox") == "0 0 300.5 120"
    assert svg.find(f"{{{SVG_NS}}}title").text == 'a tree & its "values"'
