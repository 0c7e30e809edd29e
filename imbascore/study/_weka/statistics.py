"""Horner's rule as weka.core.Statistics evaluates the Cephes polynomials of
its normal and error functions (shared by NaiveBayes's and J48's ports).

Both take a float or an array ``x``; the coefficients run from the highest
power down.
"""

__all__ = ["p1evl", "polevl"]


def polevl(x, coef):
    """Statistics.polevl: Horner's rule from the highest coefficient."""
    answer = coef[0]
    for c in coef[1:]:
        answer = answer * x + c
    return answer


def p1evl(x, coef):
    """Statistics.p1evl: as polevl with a leading coefficient of 1."""
    answer = x + coef[0]
    for c in coef[1:]:
        answer = answer * x + c
    return answer
