"""The compiled optimiser of :class:`~imbascore.study.WekaSMOClassifier` (numba).

Weka's ``BinarySMO`` (``weka/classifiers/functions/SMO.java``, Weka 3.6):
Platt's sequential minimal optimisation with Keerthi et al.'s two
thresholds (modification 2), for a linear kernel. It stops when no pair
violates the optimality conditions by more than ``2 tol``, which on
overlapping classes can be far from the optimum: the path, not only the
problem, decides the machine. So every step follows Weka's:

* ``buildClassifier``: the error cache starts at 0 except +1 for the last
  instance of the first class and -1 for the last of the second
  (``m_errors[m_iLow] = 1; m_errors[m_iUp] = -1``), ``b_up = -1``,
  ``b_low = 1``; passes over all instances alternate with passes over the
  unbound ones (``0 < alpha < C``) until nothing changes.
* ``examineExample`` and ``takeStep`` as written, with Weka's ``eps``
  (1e-12), ``tol`` and ``m_Del = 1000 * Double.MIN_VALUE``; the set of
  unbound instances is Weka's ``SMOset`` (a linked list, newest first),
  whose order breaks ties between equal errors.
* Linear machine (``PolyKernel -E 1``): the weight vector is updated at each
  step, outputs are ``w . x`` (``SVMOutput``), and kernel values are dot
  products (``Kernel.dotProd``), each sum over the attributes in order.
"""

import numpy as np
from numba import njit

__all__ = ["binary_smo"]

_DEL = 1000 * 5e-324  # m_Del = 1000 * Double.MIN_VALUE
_MAX = 1.7976931348623157e308  # Double.MAX_VALUE


@njit(cache=True)
def _dot(a, b):
    result = 0.0
    for k in range(a.shape[0]):
        result += a[k] * b[k]
    return result


@njit(cache=True)
def _insert(index, first, following, previous, member, count):
    """SMOset.insert: the new element goes first. Returns (first, count)."""
    if not member[index]:
        if count == 0:
            first = index
            following[index] = -1
            previous[index] = -1
        else:
            previous[first] = index
            following[index] = first
            previous[index] = -1
            first = index
        member[index] = True
        count += 1
    return first, count


@njit(cache=True)
def _delete(index, first, following, previous, member, count):
    """SMOset.delete. Returns (first, count)."""
    if member[index]:
        if first == index:
            first = following[index]
        else:
            following[previous[index]] = following[index]
        if following[index] != -1:
            previous[following[index]] = previous[index]
        member[index] = False
        count -= 1
    return first, count


@njit(cache=True)
def binary_smo(Z, y, C, tol, eps):
    """Weka's BinarySMO on the rows of ``Z`` (classes ``y`` in {-1, +1}).

    Returns ``(w, b)``: Weka predicts the second class where ``w . x - b > 0``.
    """
    n, d = Z.shape
    alpha = np.zeros(n)
    errors = np.zeros(n)
    w = np.zeros(d)
    i_low = -1
    i_up = -1
    for i in range(n):
        if y[i] == -1.0:
            i_low = i
        else:
            i_up = i
    b_up = -1.0
    b_low = 1.0
    errors[i_low] = 1.0
    errors[i_up] = -1.0
    # I0 (unbound) as Weka's SMOset; I1..I4 as flags.
    first = -1
    count = 0
    following = np.full(n, -1, dtype=np.int64)
    previous = np.full(n, -1, dtype=np.int64)
    in0 = np.zeros(n, dtype=np.bool_)
    in1 = y == 1.0  # y = +1, alpha = 0
    in2 = np.zeros(n, dtype=np.bool_)  # y = -1, alpha = C
    in3 = np.zeros(n, dtype=np.bool_)  # y = +1, alpha = C
    in4 = y == -1.0  # y = -1, alpha = 0

    changed = 0
    examine_all = True
    while changed > 0 or examine_all:
        changed = 0
        for i2 in range(n):
            if not examine_all and not (alpha[i2] > 0 and alpha[i2] < C):
                continue
            # ---- examineExample(i2)
            y2 = y[i2]
            if in0[i2]:
                F2 = errors[i2]
            else:
                F2 = (_dot(w, Z[i2]) - 0.0) + 0.0 - y2
                errors[i2] = F2
                if (in1[i2] or in2[i2]) and F2 < b_up:
                    b_up = F2
                    i_up = i2
                elif (in3[i2] or in4[i2]) and F2 > b_low:
                    b_low = F2
                    i_low = i2
            optimal = True
            i1 = -1
            if in0[i2] or in1[i2] or in2[i2]:
                if b_low - F2 > 2 * tol:
                    optimal = False
                    i1 = i_low
            if in0[i2] or in3[i2] or in4[i2]:
                if F2 - b_up > 2 * tol:
                    optimal = False
                    i1 = i_up
            progress = False
            if not optimal:
                if in0[i2]:
                    if b_low - F2 > F2 - b_up:
                        i1 = i_low
                    else:
                        i1 = i_up
                # ---- takeStep(i1, i2, F2)
                progress = True
                if i1 == i2:
                    progress = False
                else:
                    alph1 = alpha[i1]
                    alph2 = alpha[i2]
                    y1 = y[i1]
                    F1 = errors[i1]
                    s = y1 * y2
                    if y1 != y2:
                        L = max(0.0, alph2 - alph1)
                        H = min(C, C + alph2 - alph1)
                    else:
                        L = max(0.0, alph1 + alph2 - C)
                        H = min(C, alph1 + alph2)
                    if L >= H:
                        progress = False
                if progress:
                    x1 = Z[i1]
                    x2 = Z[i2]
                    k11 = _dot(x1, x1)
                    k12 = _dot(x1, x2)
                    k22 = _dot(x2, x2)
                    eta = 2 * k12 - k11 - k22
                    if eta < 0:
                        a2 = alph2 - y2 * (F1 - F2) / eta
                        if a2 < L:
                            a2 = L
                        elif a2 > H:
                            a2 = H
                    else:
                        f1 = _dot(w, x1) - 0.0
                        f2 = _dot(w, x2) - 0.0
                        v1 = f1 + 0.0 - y1 * alph1 * k11 - y2 * alph2 * k12
                        v2 = f2 + 0.0 - y1 * alph1 * k12 - y2 * alph2 * k22
                        gamma = alph1 + s * alph2
                        gl = gamma - s * L
                        gh = gamma - s * H
                        Lobj = (
                            gl
                            + L
                            - 0.5 * k11 * gl * gl
                            - 0.5 * k22 * L * L
                            - s * k12 * gl * L
                            - y1 * gl * v1
                            - y2 * L * v2
                        )
                        Hobj = (
                            gh
                            + H
                            - 0.5 * k11 * gh * gh
                            - 0.5 * k22 * H * H
                            - s * k12 * gh * H
                            - y1 * gh * v1
                            - y2 * H * v2
                        )
                        if Lobj > Hobj + eps:
                            a2 = L
                        elif Lobj < Hobj - eps:
                            a2 = H
                        else:
                            a2 = alph2
                    if abs(a2 - alph2) < eps * (a2 + alph2 + eps):
                        progress = False
                if progress:
                    if a2 > C - _DEL * C:
                        a2 = C
                    elif a2 <= _DEL * C:
                        a2 = 0.0
                    a1 = alph1 + s * (alph2 - a2)
                    if a1 > C - _DEL * C:
                        a1 = C
                    elif a1 <= _DEL * C:
                        a1 = 0.0
                    # Update sets, i1 then i2 (the SMOset order matters).
                    for index, a, yy in ((i1, a1, y1), (i2, a2, y2)):
                        if a > 0 and a < C:
                            first, count = _insert(
                                index, first, following, previous, in0, count
                            )
                        else:
                            first, count = _delete(
                                index, first, following, previous, in0, count
                            )
                        in1[index] = yy == 1.0 and a == 0.0
                        in2[index] = yy == -1.0 and a == C
                        in3[index] = yy == 1.0 and a == C
                        in4[index] = yy == -1.0 and a == 0.0
                    # Weight vector of the linear machine.
                    t1 = y1 * (a1 - alph1)
                    t2 = y2 * (a2 - alph2)
                    for k in range(d):
                        w[k] += t1 * x1[k]
                    for k in range(d):
                        w[k] += t2 * x2[k]
                    # Error cache of the unbound instances.
                    j = first
                    while j != -1:
                        if j != i1 and j != i2:
                            errors[j] += t1 * _dot(x1, Z[j]) + t2 * _dot(x2, Z[j])
                        j = following[j]
                    errors[i1] += t1 * k11 + t2 * k12
                    errors[i2] += t1 * k12 + t2 * k22
                    alpha[i1] = a1
                    alpha[i2] = a2
                    # Thresholds.
                    b_low = -_MAX
                    b_up = _MAX
                    i_low = -1
                    i_up = -1
                    j = first
                    while j != -1:
                        if errors[j] < b_up:
                            b_up = errors[j]
                            i_up = j
                        if errors[j] > b_low:
                            b_low = errors[j]
                            i_low = j
                        j = following[j]
                    for index in (i1, i2):
                        if not in0[index]:
                            if in3[index] or in4[index]:
                                if errors[index] > b_low:
                                    b_low = errors[index]
                                    i_low = index
                            elif errors[index] < b_up:
                                b_up = errors[index]
                                i_up = index
            # ---- end of examineExample
            if progress:
                changed += 1
            if not examine_all and b_up > b_low - 2 * tol:
                changed = 0
                break
        if examine_all:
            examine_all = False
        elif changed == 0:
            examine_all = True
    return w, (b_low + b_up) / 2.0
