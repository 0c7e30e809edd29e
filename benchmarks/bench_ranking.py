"""Speed and coverage of the ranking metrics' intervals, tests and bands.

Prints Markdown tables (medians and shares, never asserted: a benchmark,
not a test):

1. Speed, the median of 5 runs (``time.perf_counter``) against an anchor
   timed in the same run on the same data (binormal scores, d' = 1.466,
   10% positives):

   - ``metric_interval(..., "roc_auc", method="delong")`` on 10^6 scores
     against one ``sklearn.metrics.roc_auc_score`` (target: at most 3x);
   - ``metric_interval(..., "average_precision", method="bootstrap",
     n_resamples=1000)`` on 10^5 scores, in calls of
     ``sklearn.metrics.average_precision_score`` (target: under 100 calls);
   - ``compare_predictions(..., metric="roc_auc", method="delong")`` on 10^6
     scores of two models against one ``roc_auc_score``.

2. Coverage by simulation. Binormal scores: negatives N(0, 1), positives
   N(d', 1), d' = sqrt(2) Phi^-1(0.85), so the true AUC is 0.85; each test
   set has exactly round(n * share) positives (stratified, so the
   population's share ``pi`` is the sample's), n = 200 and 5,000, shares 1%
   and 10%. Nominal 95% intervals; the share of test sets whose interval
   holds the *population* value, computed by numerical integration of the
   binormal curves (``scipy.integrate.quad``):

   - ROC AUC: Phi(d' / sqrt(2));
   - partial AUC (max_fpr = 0.2), McClish-standardized:
     0.5 (1 + (A - w^2/2) / (w - w^2/2)), A the integral of
     Phi(d' + Phi^-1(t)) over t in [0, w], w = 0.2;
   - average precision: the integral over recall r of the precision
     pi r / (pi r + (1 - pi) FPR(r)) at the share pi;
   - AUPRG: the integral of precision gain over recall gain in [0, 1],
     gain(x) = (x - pi) / ((1 - pi) x) (negative precision gains count
     negatively, as in ``auprg_score``);
   - the ROC curve, TPR(t) = Phi(d' + Phi^-1(t)): ``curve_band(curve="roc")``
     pointwise (at FPR 0.1) and simultaneous (at FPR 0.1 and the whole true
     curve on the band's grid 0, 0.01, ..., 1).

   An interval with a NaN bound counts as a miss; "degenerate" is the share
   of NaN or zero-width intervals (with 2 positives many are). "bias" is the
   mean estimate minus the population value: the sample average precision
   is a biased estimator of the population's at small n. The MC s.e. is
   sqrt(p (1 - p) / R) for R repetitions. The verdict marks coverage outside
   95% +- 2%.

   Last, the paired DeLong test's rejection rate at 5% under the null: two
   models of equal true AUC (each d' above), their noises correlated 0.5.

Cost: the DeLong rows and the simultaneous band are cheap (``--reps`` test
sets each, 1,000 by default); the bootstrap rows draw ``--resamples`` per
interval, on the first ``--boot-reps`` of those test sets (300 x 500 by
default: about 25 minutes on one shared core, plus 3 minutes of speed).
``--quick``: 100 test sets, all bootstrapped with 200 resamples (about 6
minutes, half of it the speed section, which is the same in both modes).

Run: ``python benchmarks/bench_ranking.py [--quick] [--reps R] [--boot-reps B]
[--resamples K] [--skip-speed] [--skip-coverage]``.
"""

import argparse
import time

import numpy as np
from scipy import integrate, stats
from sklearn.metrics import average_precision_score, roc_auc_score

import imbascore
from imbascore import compare_predictions, curve_band, metric_interval

AUC = 0.85
DPRIME = float(np.sqrt(2) * stats.norm.ppf(AUC))
MAX_FPR = 0.2
BAND_FPR = 0.1
RHO = 0.5
SIZES = (200, 5000)
SHARES = (0.01, 0.10)
#: (metric, method, metric params, bootstrapped)
INTERVALS = (
    ("roc_auc", "delong", {}, False),
    ("roc_auc", "delong-logit", {}, False),
    ("roc_auc", "bootstrap", {}, True),
    ("roc_auc", "bootstrap-bca", {}, True),
    ("average_precision", "bootstrap", {}, True),
    ("average_precision", "bootstrap-bca", {}, True),
    ("auprg", "bootstrap-bca", {}, True),
    ("partial_auc", "bootstrap-bca", {"max_fpr": MAX_FPR}, True),
)
TARGET = (0.93, 0.97)


# ------------------------------------------------------------ population values


def true_tpr(fpr):
    """The binormal ROC curve."""
    return stats.norm.cdf(DPRIME + stats.norm.ppf(fpr))


def _fpr_at_recall(recall):
    return stats.norm.sf(DPRIME + stats.norm.isf(recall))


def population_values(pi):
    """Population ROC AUC, standardized partial AUC, AP and AUPRG at share
    ``pi``."""
    quad = {"limit": 200, "epsabs": 1e-11, "epsrel": 1e-10}
    auc = float(stats.norm.cdf(DPRIME / np.sqrt(2)))
    area = integrate.quad(true_tpr, 0.0, MAX_FPR, **quad)[0]
    w = MAX_FPR
    pauc = 0.5 * (1 + (area - w * w / 2) / (w - w * w / 2))

    def precision(r):
        return pi * r / (pi * r + (1 - pi) * _fpr_at_recall(r))

    ap = integrate.quad(precision, 0.0, 1.0, **quad)[0]

    def gain_integrand(r):
        # precision gain 1 - FPR / TPR, d(recall gain) = pi / ((1 - pi) r^2) dr
        return (1 - _fpr_at_recall(r) / r) * pi / ((1 - pi) * r * r)

    auprg = integrate.quad(gain_integrand, pi, 1.0, **quad)[0]
    return {
        "roc_auc": auc,
        "partial_auc": pauc,
        "average_precision": ap,
        "auprg": auprg,
    }


# ------------------------------------------------------------------ simulation


def draw(n, positives, rng, paired=False):
    y = np.zeros(n, dtype=int)
    y[:positives] = 1
    noise = rng.normal(size=n)
    a = DPRIME * y + noise
    if not paired:
        return y, a
    b = DPRIME * y + RHO * noise + np.sqrt(1 - RHO**2) * rng.normal(size=n)
    return y, a, b


class Tally:
    """Coverage, misses on either side, degenerate share, width and bias."""

    def __init__(self):
        self.covered, self.below, self.above = [], [], []
        self.degenerate, self.widths, self.errors = [], [], []

    def add(self, truth, estimate, low, high):
        finite = np.isfinite(low) and np.isfinite(high)
        self.covered.append(bool(finite and low <= truth <= high))
        self.below.append(bool(finite and truth < low))
        self.above.append(bool(finite and truth > high))
        self.degenerate.append(bool(not finite or high - low <= 1e-12))
        if finite:
            self.widths.append(high - low)
        if np.isfinite(estimate):
            self.errors.append(estimate - truth)

    def row(self):
        reps = len(self.covered)
        p = float(np.mean(self.covered))
        return {
            "reps": reps,
            "coverage": p,
            "se": float(np.sqrt(p * (1 - p) / reps)),
            "below": float(np.mean(self.below)),
            "above": float(np.mean(self.above)),
            "degenerate": float(np.mean(self.degenerate)),
            "width": float(np.mean(self.widths)) if self.widths else np.nan,
            "bias": float(np.mean(self.errors)) if self.errors else np.nan,
        }


def simulate(n, share, reps, boot_reps, n_resamples, seed):
    """Rows of one (n, share) cell, and the paired test's null rejections."""
    rng = np.random.default_rng(seed)
    positives = max(int(round(n * share)), 1)
    pi = positives / n
    truths = population_values(pi)
    grid = np.arange(101) / 100
    band_index = int(np.argmin(np.abs(grid - BAND_FPR)))
    curve = true_tpr(grid)
    tallies = {key[:2]: Tally() for key in INTERVALS}
    bands = {
        ("ROC band @ FPR 0.1", "pointwise"): Tally(),
        ("ROC band @ FPR 0.1", "simultaneous"): Tally(),
        ("ROC band, whole curve", "simultaneous"): Tally(),
    }
    rejections = []
    for index in range(reps):
        y, score = draw(n, positives, rng)
        state = int(rng.integers(2**31))
        boot = index < boot_reps
        for metric, method, params, bootstrapped in INTERVALS:
            if bootstrapped and not boot:
                continue
            result = metric_interval(
                y,
                score,
                metric,
                method=method,
                n_resamples=n_resamples,
                random_state=state,
                **params,
            )
            tallies[metric, method].add(
                truths[metric], result.estimate, result.low, result.high
            )
        methods = ("pointwise", "simultaneous") if boot else ("simultaneous",)
        for method in methods:
            band = curve_band(
                y,
                score,
                curve="roc",
                method=method,
                n_resamples=n_resamples,
                random_state=state,
                grid=grid,
            )
            bands["ROC band @ FPR 0.1", method].add(
                curve[band_index],
                band.estimate[band_index],
                band.low[band_index],
                band.high[band_index],
            )
            if method == "simultaneous":
                inside = np.all(
                    (band.low - 1e-12 <= curve) & (curve <= band.high + 1e-12)
                )
                tally = bands["ROC band, whole curve", method]
                tally.covered.append(bool(inside))
                tally.below.append(bool(np.any(curve < band.low - 1e-12)))
                tally.above.append(bool(np.any(curve > band.high + 1e-12)))
                tally.degenerate.append(False)
                tally.widths.append(float(np.mean(band.high - band.low)))
        y, a, b = draw(n, positives, rng, paired=True)
        test = compare_predictions(y, a, b, metric="roc_auc", method="delong")
        rejections.append(bool(test.pvalue < 0.05))
    rows = []
    for (metric, method), tally in {**tallies, **bands}.items():
        truth = truths.get(metric, curve[band_index])
        rows.append((metric, method, truth, tally.row()))
    return positives, rows, float(np.mean(rejections)), len(rejections)


# ----------------------------------------------------------------------- speed


def median_time(function, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def speed():
    rng = np.random.default_rng(0)
    print("Speed (median of 5 runs; binormal scores, 10% positives):\n")
    print("| task | n | imbascore | anchor (sklearn, same data) | ratio | target |")
    print("|---|---|---|---|---|---|")
    n = 10**6
    y, a, b = draw(n, n // 10, rng, paired=True)
    anchor = median_time(lambda: roc_auc_score(y, a))
    ours = median_time(lambda: metric_interval(y, a, "roc_auc", method="delong"))
    ratio = ours / anchor
    print(
        f"| DeLong interval of ROC AUC | 10^6 | {ours:.3f} s | roc_auc_score "
        f"{anchor:.3f} s | {ratio:.2f}x | <= 3x: {'met' if ratio <= 3 else 'MISSED'} |"
    )
    paired = median_time(
        lambda: compare_predictions(y, a, b, metric="roc_auc", method="delong")
    )
    ratio = paired / anchor
    print(
        f"| paired DeLong (two models) | 10^6 | {paired:.3f} s | roc_auc_score "
        f"{anchor:.3f} s (one model) | {ratio:.2f}x | (reported) |"
    )
    n = 10**5
    y, a = draw(n, n // 10, rng)
    anchor = median_time(lambda: average_precision_score(y, a))
    ours = median_time(
        lambda: metric_interval(
            y,
            a,
            "average_precision",
            method="bootstrap",
            n_resamples=1000,
            random_state=0,
        )
    )
    calls = ours / anchor
    print(
        f"| 1,000 bootstrap resamples of AP | 10^5 | {ours:.3f} s | "
        f"average_precision_score {anchor:.4f} s | {calls:.0f} calls | "
        f"< 100 calls: {'met' if calls < 100 else 'MISSED'} |"
    )


# ------------------------------------------------------------------------ main


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--reps", type=int, help="test sets per cell")
    parser.add_argument("--boot-reps", type=int, help="bootstrapped test sets")
    parser.add_argument("--resamples", type=int, help="resamples per interval")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-coverage", action="store_true")
    args = parser.parse_args()
    reps = args.reps or (100 if args.quick else 1000)
    boot_reps = min(args.boot_reps or (100 if args.quick else 300), reps)
    n_resamples = args.resamples or (200 if args.quick else 500)
    print(f"imbascore {imbascore.__version__}\n")
    start = time.perf_counter()
    if not args.skip_speed:
        speed()
        print(f"\n({time.perf_counter() - start:.0f} s)\n")
    if args.skip_coverage:
        return
    print(
        f"Coverage of nominal 95% intervals; binormal, d' = {DPRIME:.4f} (AUC "
        f"{AUC}); {reps} test sets per cell, the bootstrap rows on the first "
        f"{boot_reps} with {n_resamples} resamples:\n"
    )
    print(
        "| n | pos. | metric | method | true value | reps | coverage | MC s.e. "
        "| truth below / above | degenerate | mean width | bias | 95% ± 2% |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    paired = []
    for n in SIZES:
        for share in SHARES:
            cell_start = time.perf_counter()
            positives, rows, rejection, count = simulate(
                n, share, reps, boot_reps, n_resamples, seed=n + int(share * 100)
            )
            paired.append((n, positives, rejection, count))
            for metric, method, truth, r in rows:
                met = TARGET[0] <= r["coverage"] <= TARGET[1]
                verdict = "met" if met else "MISSED"
                if method == "simultaneous":  # conservative by design
                    met = r["coverage"] >= TARGET[0]
                    verdict = f"{'met' if met else 'MISSED'} (target: >= 95%)"
                shown = "TPR(t), t on the grid" if "whole" in metric else f"{truth:.4f}"
                print(
                    f"| {n} | {positives} | {metric} | {method} | {shown} | "
                    f"{r['reps']} | {r['coverage']:.1%} | {r['se']:.1%} | "
                    f"{r['below']:.1%} / {r['above']:.1%} | {r['degenerate']:.1%} "
                    f"| {r['width']:.3f} | {r['bias']:+.4f} | "
                    f"{verdict} |"
                )
            print(
                f"| {n} | {positives} | ({time.perf_counter() - cell_start:.0f} s) "
                "| | | | | | | | | | |"
            )
    print(
        "\nPaired DeLong test under the null (equal true AUC, noise "
        f"correlation {RHO}): rejection rate at 5%\n"
    )
    print("| n | pos. | reps | rejects at 5% | MC s.e. |")
    print("|---|---|---|---|---|")
    for n, positives, rate, count in paired:
        se = np.sqrt(0.05 * 0.95 / count)
        print(f"| {n} | {positives} | {count} | {rate:.1%} | {se:.1%} (at 5%) |")
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
