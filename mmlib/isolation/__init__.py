"""Running code that must not hurt the caller: in a forked child, a sealed process or the notebook itself.

The lab checkers (:mod:`mmlib.check`) and the instructor's grader (:mod:`mmlib.course`) both run
student code through :mod:`~mmlib.isolation.runner`: it calls a function on plain data in another
process (:mod:`~mmlib.isolation.child`), under time and memory limits, and brings back plain data.
The grader's sealed process is :mod:`~mmlib.isolation.sandbox` (bubblewrap, from outside) and
:mod:`~mmlib.isolation.sealed` (inside), on a copy of mmlib that :mod:`~mmlib.isolation.stage`
writes; a browser tab, which cannot fork, runs the call in its own process
(:mod:`~mmlib.isolation.inprocess`).  The nodes a student's function receives are
:mod:`~mmlib.isolation.nodes`.

>>> from mmlib.isolation.runner import Call, run_calls
>>> [(outcome.kind, outcome.answer.number) for outcome in run_calls(abs, [Call(args=(-3,))])]
[('ok', 3)]
"""
