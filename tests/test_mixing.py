"""mmlib.mixing: the one source of randomness gives the reference generator's numbers and floats in (0, 1)."""

from __future__ import annotations

from mmlib.mixing import GOLDEN, MASK, splitmix64, unit_float


def test_splitmix64_gives_the_reference_sequence() -> None:
    # Vigna's splitmix64.c from the state 1234567: each call adds GOLDEN to the state, then mixes
    reference = [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431,
                 16408922859458223821]
    assert [splitmix64((1234567 + i * GOLDEN) & MASK) for i in range(5)] == reference
    assert all(0 <= splitmix64(x) <= MASK for x in (0, MASK, GOLDEN, -1 & MASK))


def test_a_unit_float_lies_strictly_inside_zero_and_one_and_follows_the_top_bits() -> None:
    for h in (0, 1, (1 << 11) - 1, 1 << 11, MASK >> 1, MASK - (1 << 11), MASK):
        assert 0.0 < unit_float(h) < 1.0, h
    assert unit_float(0) == unit_float((1 << 11) - 1) == 2.0 ** -54      # the low 11 bits do not count
    assert unit_float(1 << 11) == 1.5 * 2.0 ** -53
    values = [unit_float(splitmix64(i)) for i in range(2000)]
    assert 0.45 < sum(values) / len(values) < 0.55                        # spread over the interval
