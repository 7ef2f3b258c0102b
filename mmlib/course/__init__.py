"""The instructor's tools: release and grade the labs, the gradebook, Gradescope, exams, the students' copy.

One command, ``mmlib-course`` (or ``python -m mmlib.course``), with a subcommand per task; the
Makefile's ``release``, ``grade``, ``gradescope``, ``exam`` and ``distribution`` targets call it:

- ``release``: the student notebooks, solutions and autograder notebooks (:mod:`.grading`);
- ``grade SUBMISSIONS``: every submitted notebook graded with the student's code sealed
  (:mod:`.grading`, :mod:`.scoring`, :mod:`.channel`; the sandbox is :mod:`mmlib.isolation.sandbox`);
- ``gradebook GRADES``: gradebook.csv, canvas.csv and feedback pages (:mod:`.gradebook`);
- ``gradescope build|run``: one Gradescope autograder zip per lab (:mod:`.gradescope`);
- ``exam``: seeded alpha-beta question sets, printable and for Moodle (:mod:`.exam`);
- ``tournament SUBMISSIONS``: lab 6's agents play Connect Four against each other, sealed, on a process
  pool or a Dask cluster: leaderboard, pages and gradebook CSV (:mod:`.tournament`, :mod:`.standings`;
  the rules are :mod:`mmlib.check.contest`);
- ``distribute OUT``: the students' copy of the course, without solutions or these tools
  (:mod:`.distribute`).

The package holds machinery only: the labs, their solutions and hidden tests are read from the
course's repository (``instructor/``, :mod:`.labsource`), and exam keys are written, never stored.
Graded code never sees this package: its sandbox holds only the parts of mmlib its lab allows
(:mod:`.labs`).
"""
