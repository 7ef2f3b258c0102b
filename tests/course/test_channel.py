"""Tests of mmlib.course.channel: the results a graded notebook sends back, and what the instructor keeps."""

from __future__ import annotations

from mmlib.course import gradescope
from mmlib.course.channel import Graded


def test_results_keep_the_seed_for_the_instructor():
    graded = Graded("alice", "lab1_minimax", seed=5).gradescope()
    assert graded["extra_data"] == {"hidden_seed": 5}
    config = {"visibility": "visible", "stdout_visibility": "hidden", "parts": []}
    assert gradescope.results_for(config, graded)["extra_data"] == {"hidden_seed": 5}
