"""Tests of mmlib.isolation.sealed: what passes the sealed channel, and how."""

from __future__ import annotations

import json

import pytest

from mmlib.isolation import sealed


def test_sets_and_frozensets_pass_the_channel_as_they_are():
    for value in ({"I", "J", "M"}, frozenset({1, 2}), [{"A"}, ("B", frozenset())]):
        sent = json.loads(json.dumps(sealed.name_facts({"answer": value}, "answer")))
        assert sealed.unpack(sent["value"]) == value
    for forged in ({"s": [[1], [2]]}, {"s": "AB"}, {"f": [{"d": []}]}):
        with pytest.raises(ValueError):
            sealed.unpack(forged)
