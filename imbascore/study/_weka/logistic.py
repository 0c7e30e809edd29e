"""Weka 3.6's ``Logistic`` (ridge logistic regression), as RBFNetwork uses it.

Followed from ``weka/classifiers/functions/Logistic.java`` and
``weka/core/Optimization.java`` (Weka 3.6, Xin Xu's quasi-Newton optimiser):

* ``Logistic.buildClassifier``: ``RemoveUseless`` drops constant columns (the
  RBF network's inputs are numeric and never missing, so
  ``ReplaceMissingValues`` and ``NominalToBinary`` change nothing); each
  column is standardised with its weighted mean and
  ``sqrt(|sum x^2 - n mean^2| / (n - 1))``; the start is the null model
  ``log(n_c + 1) - log(n_last + 1)``; the coefficients go back to raw units
  at the end.
* ``OptEng``: the negative log-likelihood of the multinomial model with the
  last class as reference, plus ``ridge * sum(beta^2)`` (intercepts free).
* ``Optimization.findArgmin`` / ``lnsrch`` without bounds: BFGS on an
  ``L D L'`` factor of the Hessian, a backtracking line search with
  quadratic and cubic interpolation and Weka's alpha / beta conditions,
  stopping on ``max |dx| / max(|x|, 1) < sqrt(eps)``, on the scaled gradient,
  or on ``|dg'dx| < sqrt(eps)``; with ``maxIts = -1`` a run of 200 iterations
  is restarted from where it stopped until it converges.

Sums run in Weka's order (instance by instance, column by column) so that
the optimiser takes Weka's path; Java's ``Math.exp``/``Math.log`` may still
differ from numpy's in the last bit.
"""

import math

import numpy as np

__all__ = ["fit_logistic", "logistic_proba"]

# Optimization: m_Epsilon is the machine epsilon found by halving, m_Zero its root.
_EPSILON = 2.0**-52
_ZERO = math.sqrt(_EPSILON)
_ALF, _BETA, _TOLX, _STPMX, _MAXITS = 1.0e-4, 0.9, 1.0e-6, 100.0, 200


def _sequential_sum(values, axis=0):
    """A sum in index order, as a Java loop adds (numpy's sum is pairwise)."""
    return np.cumsum(values, axis=axis).take(-1, axis=axis)


class _Objective:
    """Logistic.OptEng: the penalised negative log-likelihood and its gradient."""

    def __init__(self, data, labels, weights, n_classes, ridge):
        self.data = data  # (n, dim), column 0 the intercept's 1
        self.labels = labels
        self.weights = weights
        self.n_k = n_classes - 1
        self.dim = data.shape[1]
        self.ridge = ridge
        self.evaluations = 0

    def _linear(self, x):
        # exp[offset] += m_Data[i][j] * x[index + j], j in order.
        out = np.zeros((len(self.data), self.n_k))
        for offset in range(self.n_k):
            for j in range(self.dim):
                out[:, offset] += self.data[:, j] * x[offset * self.dim + j]
        return out

    def value(self, x):
        # exp(-max) may overflow to inf (f = inf: the line search halves the
        # step, Optimization.lnsrch), as in Java.
        with np.errstate(over="ignore"):
            return self._value(x)

    def _value(self, x):
        self.evaluations += 1
        linear = self._linear(x)
        top = linear.max(axis=1)
        denom = np.exp(-top)
        for offset in range(self.n_k):
            denom = denom + np.exp(linear[:, offset] - top)
        last = self.labels == self.n_k
        own = np.where(
            last,
            -top,
            linear[np.arange(len(linear)), np.minimum(self.labels, self.n_k - 1)] - top,
        )
        # nll -= weights[i] * (num - log(denom)), instance by instance.
        nll = _sequential_sum(-(self.weights * (own - np.log(denom))))
        for offset in range(self.n_k):
            for r in range(1, self.dim):
                v = x[offset * self.dim + r]
                nll += self.ridge * v * v
        return float(nll)

    def gradient(self, x):
        with np.errstate(over="ignore"):
            return self._gradient(x)

    def _gradient(self, x):
        linear = self._linear(x)
        top = linear.max(axis=1)
        num = np.exp(linear - top[:, None])
        denom = np.exp(-top)
        for offset in range(self.n_k):
            denom = denom + num[:, offset]
        num = num / denom[:, None]  # Utils.normalize(num, denom)
        grad = np.zeros(self.n_k * self.dim)
        n = len(self.data)
        for offset in range(self.n_k):
            # Per instance: += w * p * x, then -= w * x if it is of this class;
            # interleaved so that one accumulation replays Weka's order.
            steps = np.zeros((2 * n, self.dim))
            steps[0::2] = (self.weights * num[:, offset])[:, None] * self.data
            mine = self.labels == offset
            steps[1::2][mine] = -(self.weights[mine, None] * self.data[mine])
            grad[offset * self.dim : (offset + 1) * self.dim] = _sequential_sum(steps)
        for offset in range(self.n_k):
            for r in range(1, self.dim):
                grad[offset * self.dim + r] += 2 * self.ridge * x[offset * self.dim + r]
        return grad


def _solve_lower(t, b):
    # Optimization.solveTriangle, isLower: forward substitution.
    n = len(b)
    result = np.zeros(n)
    for j in range(n):
        numerator = b[j]
        for k in range(j):
            numerator -= t[j, k] * result[k]
        result[j] = numerator / t[j, j]
    return result


def _solve_upper_transposed(t, b):
    # Optimization.solveTriangle, upper: back substitution on t' (t lower).
    n = len(b)
    result = np.zeros(n)
    for j in range(n - 1, -1, -1):
        numerator = b[j]
        for k in range(j + 1, n):
            numerator -= t[k, j] * result[k]
        result[j] = numerator / t[j, j]
    return result


def _update_cholesky(L, D, v, coeff):
    """Optimization.updateCholeskyFactor: L D L' + coeff v v' (Gill et al. 1974)."""
    n = len(v)
    vp = np.array(v, dtype=float)
    if coeff > 0.0:
        t = coeff
        for j in range(n):
            p = vp[j]
            d = D[j]
            dbarj = d + t * p * p
            D[j] = dbarj
            b = p * t / dbarj
            t *= d / dbarj
            for r in range(j + 1, n):
                ell = L[r, j]
                vp[r] -= p * ell
                L[r, j] = ell + b * vp[r]
    else:
        P = _solve_lower(L, v)
        t = 0.0
        for i in range(n):
            t += P[i] * P[i] / D[i]
        root = 1.0 + coeff * t
        root = 0.0 if root < 0.0 else math.sqrt(root)
        alpha, sigma = coeff, coeff / (1.0 + root)
        for j in range(n):
            d = D[j]
            p = P[j] * P[j] / d
            theta = 1.0 + sigma * p
            t -= p
            if t < 0.0:
                t = 0.0
            plus = sigma * sigma * p * t
            if j < n - 1 and plus <= _ZERO:
                plus = _ZERO
            rho = theta * theta + plus
            D[j] = rho * d
            if math.isnan(D[j]):
                raise FloatingPointError("Weka's BFGS update produced a NaN")
            b = alpha * P[j] / (rho * d)
            alpha /= rho
            rho = math.sqrt(rho)
            # theta + rho is 0 only on the last row (theta < 0 and plus = 0,
            # as with one positive in the training data): sigma becomes inf,
            # as Java's double division gives Infinity, and is never read
            # again, so numpy's divide-by-zero warning says nothing to the user.
            with np.errstate(divide="ignore"):
                sigma *= (1.0 + rho) / (rho * (theta + rho))
            for r in range(j + 1, n):
                ell = L[r, j]
                vp[r] -= P[j] * ell
                L[r, j] = ell + b * vp[r]


class _Optimizer:
    """weka.core.Optimization without bounds (every bound NaN, none fixed)."""

    def __init__(self, objective, max_iterations=_MAXITS):
        self.objective = objective
        self.max_iterations = max_iterations
        self.f = None
        self.slope = 0.0
        self.iterations = 0

    def _line_search(self, xold, gradient, direct, stpmax):
        """Optimization.lnsrch; scales ``direct`` in place as Weka does."""
        f_, g_ = self.objective.value, self.objective.gradient
        fold = self.f
        alpha = math.inf
        maxalam = 1.0
        alam2 = 0.0
        total = math.sqrt(_sequential_sum(direct * direct))
        if total > stpmax:
            direct *= stpmax / total
        else:
            maxalam = stpmax / total
        self.slope = float(_sequential_sum(gradient * direct))
        x = xold.copy()
        if abs(self.slope) <= _ZERO:
            return x
        if self.slope > _ZERO:
            raise FloatingPointError("g'*p positive in Weka's line search")
        test = float(np.max(np.abs(direct) / np.maximum(np.abs(x), 1.0)))
        if test > _ZERO:
            alamin = _TOLX / test
        else:
            return x
        alam = min(alpha, 1.0)
        init_f, hi, lo = fold, alam, alam
        new_slope, fhi, flo = 0.0, self.f, self.f
        k = 0
        while True:
            x = xold + alam * direct
            self.f = f_(x)
            if math.isnan(self.f):
                raise FloatingPointError("Objective function value is NaN")
            while math.isinf(self.f):
                alam *= 0.5
                if alam <= _EPSILON:
                    return x
                x = xold + alam * direct
                self.f = f_(x)
                init_f = math.inf
            if self.f <= fold + _ALF * alam * self.slope:
                new_slope = float(_sequential_sum(g_(x) * direct))
                if new_slope >= _BETA * self.slope:
                    return x
                if k == 0:
                    upper = min(alpha, maxalam)
                    while not (
                        alam >= upper or self.f > fold + _ALF * alam * self.slope
                    ):
                        lo, flo = alam, self.f
                        alam *= 2.0
                        if alam >= upper:
                            alam = upper
                        x = xold + alam * direct
                        self.f = f_(x)
                        new_slope = float(_sequential_sum(g_(x) * direct))
                        if new_slope >= _BETA * self.slope:
                            return x
                    hi, fhi = alam, self.f
                    break
                hi, lo, flo = alam2, alam, self.f
                break
            elif alam < alamin:
                if init_f < fold:
                    alam = min(1.0, alpha)
                    x = xold + alam * direct  # m_f keeps the last value, as Weka
                else:
                    x = xold.copy()
                    self.f = fold
                return x
            else:
                if k == 0:
                    if not math.isinf(init_f):
                        init_f = self.f
                    tmplam = (
                        -0.5 * alam * self.slope / ((self.f - fold) / alam - self.slope)
                    )
                else:
                    rhs1 = self.f - fold - alam * self.slope
                    rhs2 = fhi - fold - alam2 * self.slope
                    a = (rhs1 / (alam * alam) - rhs2 / (alam2 * alam2)) / (alam - alam2)
                    b = (
                        -alam2 * rhs1 / (alam * alam) + alam * rhs2 / (alam2 * alam2)
                    ) / (alam - alam2)
                    if a == 0.0:
                        tmplam = -self.slope / (2.0 * b)
                    else:
                        disc = b * b - 3.0 * a * self.slope
                        if disc < 0.0:
                            disc = 0.0
                        numerator = min(-b + math.sqrt(disc), np.finfo(float).max)
                        tmplam = numerator / (3.0 * a)
                    if tmplam > 0.5 * alam:
                        tmplam = 0.5 * alam
            alam2 = alam
            fhi = self.f
            alam = max(tmplam, 0.1 * alam)
            k += 1
        # Quadratic interpolation between lo and hi for the beta condition.
        ldiff = hi - lo
        while new_slope < _BETA * self.slope and ldiff >= alamin:
            lincr = -0.5 * new_slope * ldiff * ldiff / (fhi - flo - new_slope * ldiff)
            if lincr < 0.2 * ldiff:
                lincr = 0.2 * ldiff
            alam = lo + lincr
            if alam >= hi:
                alam, lincr = hi, ldiff
            x = xold + alam * direct
            self.f = f_(x)
            if math.isnan(self.f):
                raise FloatingPointError("Objective function value is NaN")
            if self.f > fold + _ALF * alam * self.slope:
                ldiff, fhi = lincr, self.f
            else:
                new_slope = float(_sequential_sum(g_(x) * direct))
                if new_slope < _BETA * self.slope:
                    lo, flo = alam, self.f
                    ldiff -= lincr
        if new_slope < _BETA * self.slope:
            alam = lo
            x = xold + alam * direct
            self.f = flo
        return x

    def find_argmin(self, x0):
        """Optimization.findArgmin: the minimum, or None after max_iterations."""
        n = len(x0)
        self.f = self.objective.value(x0)
        if math.isnan(self.f):
            raise FloatingPointError("Objective function value is NaN")
        grad = self.objective.gradient(x0)
        L = np.eye(n)
        D = np.ones(n)
        direct = -grad
        x = np.array(x0, dtype=float)
        stpmax = _STPMX * max(math.sqrt(_sequential_sum(grad * grad)), n)
        for _ in range(self.max_iterations):
            self.iterations += 1
            old_x, old_grad = x, grad
            x = self._line_search(x, grad, direct, stpmax)
            finish = False
            delta_x = x - old_x
            if np.max(np.abs(delta_x) / np.maximum(np.abs(x), 1.0)) < _ZERO:
                finish = True
            grad = self.objective.gradient(x)
            delta_grad = grad - old_grad
            denom = float(_sequential_sum(delta_x * delta_grad))
            dx_sq = float(_sequential_sum(delta_x * delta_x))
            dg_sq = float(_sequential_sum(delta_grad * delta_grad))
            test = np.max(
                np.abs(grad) * np.maximum(np.abs(direct), 1.0) / max(abs(self.f), 1.0)
            )
            if test < _ZERO:
                finish = True
            if abs(denom) < _ZERO:
                finish = True
            if finish:
                self.f = self.objective.value(x)
                return x
            if denom >= max(_ZERO * math.sqrt(dx_sq) * math.sqrt(dg_sq), _ZERO):
                _update_cholesky(L, D, delta_grad, 1.0 / denom)
                _update_cholesky(L, D, old_grad, 1.0 / self.slope)
            # Solve (L D) y = -g, then L' direct = y.
            y = _solve_lower(L * D[None, :], -grad)
            if np.isnan(y).any():
                raise FloatingPointError("Weka's BFGS direction is NaN")
            direct = _solve_upper_transposed(L, y)
            if np.isnan(direct).any():
                raise FloatingPointError("Weka's BFGS direction is NaN")
        self.x = x
        return None


def fit_logistic(Z, labels, n_classes, ridge, max_its=-1):
    """Logistic.buildClassifier on numeric, complete ``Z``; unit weights.

    Returns ``(kept, par, n_iter)``: the columns RemoveUseless keeps, Weka's
    ``m_Par`` (``(1 + n_kept, n_classes - 1)``, raw units, intercept first)
    and the optimiser's iterations.
    """
    Z = np.asarray(Z, dtype=float)
    # RemoveUseless: a numeric column with fewer than two distinct values goes.
    kept = np.array(
        [len(np.unique(Z[:, j])) >= 2 for j in range(Z.shape[1])], dtype=bool
    ).reshape(-1)
    Z = Z[:, kept]
    n, n_r = Z.shape
    n_k = n_classes - 1
    weights = np.ones(n)
    total = float(n)
    data = np.hstack([np.ones((n, 1)), Z])
    mean = np.zeros(n_r + 1)
    sd = np.ones(n_r + 1)
    if n_r:
        mean[1:] = _sequential_sum(Z) / total
        squares = _sequential_sum(Z * Z)
        if total > 1:
            sd[1:] = np.sqrt(
                np.abs(squares - total * mean[1:] * mean[1:]) / (total - 1)
            )
        else:
            sd[1:] = 0.0
    mean[0], sd[0] = 0.0, 1.0
    scale = sd != 0
    data[:, scale] = (data[:, scale] - mean[scale]) / sd[scale]
    counts = np.bincount(labels, minlength=n_classes).astype(float)
    x = np.zeros((n_r + 1) * n_k)
    for p in range(n_k):
        x[p * (n_r + 1)] = math.log(counts[p] + 1.0) - math.log(counts[n_k] + 1.0)
    objective = _Objective(data, np.asarray(labels), weights, n_classes, ridge)
    if max_its == -1:  # until convergence, restarting every 200 iterations
        optimizer = _Optimizer(objective)
        found = optimizer.find_argmin(x)
        while found is None:
            found = optimizer.find_argmin(optimizer.x)
    else:
        optimizer = _Optimizer(objective, max_its)
        found = optimizer.find_argmin(x)
        if found is None:
            found = optimizer.x
    x = found
    par = np.zeros((n_r + 1, n_k))
    for i in range(n_k):
        par[0, i] = x[i * (n_r + 1)]
        for j in range(1, n_r + 1):
            par[j, i] = x[i * (n_r + 1) + j]
            if sd[j] != 0:
                par[j, i] /= sd[j]
                par[0, i] -= par[j, i] * mean[j]
    return kept, par, optimizer.iterations


def logistic_proba(Z, kept, par):
    """Logistic.evaluateProbability for each row of ``Z``."""
    Z = np.asarray(Z, dtype=float)[:, kept]
    n_k = par.shape[1]
    v = np.zeros((len(Z), n_k + 1))
    for j in range(n_k):
        v[:, j] = par[0, j]  # data[0] = 1: 0 + par * 1
        for k in range(Z.shape[1]):
            v[:, j] += par[k + 1, j] * Z[:, k]
    prob = np.empty_like(v)
    # exp may overflow to inf, giving probability 0 as in Java.
    with np.errstate(over="ignore"):
        for m in range(n_k + 1):
            total = np.zeros(len(Z))
            for m2 in range(n_k):
                total += np.exp(v[:, m2] - v[:, m])
            prob[:, m] = 1.0 / (total + np.exp(-v[:, m]))
    return prob
