"""java.util.Random, draw for draw, so that the Weka estimators can replay Weka.

Weka seeds one ``java.util.Random`` per filter or classifier (``-S``) and
draws from it in a fixed order. The same seed here gives the same numbers:
the linear congruential generator of the JDK's ``java/util/Random.java``
(``next``, ``nextInt(bound)``, ``nextDouble``), and the two shuffles Weka
uses, ``weka/core/Instances.java`` ``randomize`` and
``java/util/Collections.java`` ``shuffle``.
"""

import numpy as np

__all__ = ["JavaRandom", "java_seed"]

_MULTIPLIER = 0x5DEECE66D
_ADDEND = 0xB
_MASK = (1 << 48) - 1


def java_seed(random_state):
    """The ``long`` seed of a Java generator from a scikit-learn ``random_state``.

    An int is used as it is (Weka's ``-S``); ``None`` or a ``RandomState``
    gives a seed drawn from numpy.
    """
    if isinstance(random_state, (int, np.integer)) and not isinstance(
        random_state, bool
    ):
        return int(random_state)
    from sklearn.utils import check_random_state

    return int(check_random_state(random_state).randint(0, 2**31 - 1))


class JavaRandom:
    """``java.util.Random(seed)``: the same 48-bit generator as the JDK.

    Examples
    --------
    >>> rng = JavaRandom(0)
    >>> rng.next_int(10), rng.next_double()
    (0, 0.8314409887870612)
    """

    def __init__(self, seed):
        # Random(long seed): setSeed scrambles the seed with the multiplier.
        self._seed = (int(seed) ^ _MULTIPLIER) & _MASK

    def _next(self, bits):
        # protected int next(int bits): a signed 32-bit int of `bits` bits.
        self._seed = (self._seed * _MULTIPLIER + _ADDEND) & _MASK
        value = self._seed >> (48 - bits)
        return value - (1 << 32) if value >= 1 << 31 else value

    def next_int(self, bound):
        """``nextInt(bound)``: uniform in ``[0, bound)``, with the JDK's rejection."""
        if bound <= 0:
            raise ValueError(f"bound must be positive; got {bound}")
        r = self._next(31)
        m = bound - 1
        if bound & m == 0:  # a power of two: the high bits
            return (bound * r) >> 31
        u = r
        r = u % bound
        while u - r + m >= 1 << 31:  # the int overflow of `u - r + m < 0`
            u = self._next(31)
            r = u % bound
        return r

    def next_double(self):
        """``nextDouble()``: 53 random bits in ``[0, 1)``."""
        return ((self._next(26) << 27) + self._next(27)) * 2.0**-53

    def next_doubles(self, count):
        """``count`` successive ``nextDouble()`` as an array."""
        return np.array([self.next_double() for _ in range(count)])

    def randomize(self, n):
        """The order ``weka.core.Instances.randomize(random)`` leaves ``n`` rows in.

        ``for (j = n - 1; j > 0; j--) swap(j, random.nextInt(j + 1))``.
        """
        order = list(range(n))
        for j in range(n - 1, 0, -1):
            k = self.next_int(j + 1)
            order[j], order[k] = order[k], order[j]
        return np.array(order, dtype=np.intp)

    def shuffle(self, n):
        """The order ``java.util.Collections.shuffle(list, random)`` leaves ``n`` in.

        ``for (i = size; i > 1; i--) swap(list, i - 1, rnd.nextInt(i))``.
        """
        order = list(range(n))
        for i in range(n, 1, -1):
            k = self.next_int(i)
            order[i - 1], order[k] = order[k], order[i - 1]
        return np.array(order, dtype=np.intp)
