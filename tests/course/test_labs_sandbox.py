"""Tests of mmlib.course.labs: what each lab's graded code may see of mmlib."""

import importlib
import inspect
from pathlib import Path

from mmlib.course.labs import NO_PACKAGES, PACKAGES, SANDBOX_MODULES, WITHHELD, packages

LABS = Path(__file__).resolve().parents[2] / "instructor" / "labs"


def test_every_lab_of_the_course_has_its_modules_and_no_other():
    assert set(SANDBOX_MODULES) == {path.stem for path in LABS.glob("lab*.md")}
    assert set(WITHHELD) <= set(SANDBOX_MODULES) and set(NO_PACKAGES) <= set(SANDBOX_MODULES)


def test_every_module_and_function_named_exists():
    for modules in SANDBOX_MODULES.values():
        for name in modules:
            importlib.import_module(name)
    for withheld in WITHHELD.values():
        for module_name, functions in withheld.items():
            module = importlib.import_module(module_name)
            for dotted in functions:
                if dotted == "*":
                    continue
                first, _, attribute = dotted.partition(".")
                owner = getattr(module, first)              # raises when the name is gone
                if not attribute:
                    assert inspect.isfunction(owner) or inspect.isclass(owner), (module_name, dotted)
                elif not hasattr(owner, attribute):          # an attribute each instance sets itself
                    assert f"self.{attribute} =" in inspect.getsource(owner.__init__), (module_name, dotted)


def test_a_lab_may_import_every_package_of_the_course_unless_it_forbids_one():
    for lab in SANDBOX_MODULES:
        assert set(packages(lab)) == set(PACKAGES) - set(NO_PACKAGES.get(lab, ()))
    assert packages("no such lab") == PACKAGES
