"""Speed and coverage of the calibration numbers' intervals, test and band.

Prints Markdown tables (medians and shares, never asserted: a benchmark,
not a test):

1. Speed, the median of 5 runs (``time.perf_counter``; 3 with ``--quick``)
   against an anchor timed in the same run on the same data (p = expit(a +
   1.5 Z), Z standard normal, 10% positives, continuous so every p is
   distinct):

   - ``calibration_decomposition(y, p)`` on 10^6 probabilities against
     ``sklearn.isotonic.IsotonicRegression().fit(p, y)`` (target: at most
     2x);
   - ``calibration_report`` on 10^4 samples with 1,000 resamples, percentile
     and BCa (seconds);
   - ``reliability_diagram`` (consistency band and test) on 10^4 samples with
     1,000 resamples (seconds).

2. Coverage by simulation. The model's probabilities are p = expit(a + b Z),
   b = 1.5, Z standard normal; the outcome is y ~ Bernoulli(q) with
   q = p (calibrated) or q = expit(0.6 logit(p) + 0.3) (miscalibrated: p too
   extreme; its calibration slope is 0.6). ``a`` is solved so that the base
   rate E[q] is 1% or 10%; n = 500 and 10,000 (so the expected positives
   are 5, 50, 100 and 1,000; the class counts vary from set to set). The
   share of test sets whose nominal 95% ``calibration_report`` interval
   holds the *population* value, exact by Gauss-Hermite quadrature (200
   nodes) or ``scipy.integrate.quad``:

   - Brier score E[q (1-p)^2 + (1-q) p^2], by class E[q (1-p)^2] / E[q]
     and E[(1-q) p^2] / E[1-q], their mean, the log loss;
   - the CORP decomposition: q is increasing in p in both models, so the
     population's isotonic recalibration is q itself: MCB = E[(p - q)^2]
     (0 for the calibrated model), UNC = pi (1 - pi), DSC = UNC - E[q (1-q)];
   - the ECE (L1, the report's 10 uniform bins): the sum over bins of
     |E[(q - p) 1{p in bin}]| (0 for the calibrated model);
   - the calibration intercept (``a0`` with E[q - expit(a0 + logit p)] = 0,
     the maximum-likelihood limit of the offset model; 0 when calibrated)
     and slope (exactly 1 and 0.6).

   A table first checks the exact values against the package's own
   estimates on one sample of 2 x 10^6 draws (2 x 10^5 with ``--quick``).
   Then, per setting, the coverage of each interval method (the MC s.e.
   sqrt(c (1 - c) / R) for R test sets in brackets; ``!`` marks coverage
   outside 95% +- 2%): the percentile, basic and BCa intervals of one call
   come from the *same* resamples (the package's private ``_interval`` is
   wrapped to compute all three from the draws, the estimate and the
   jackknife of one ``method="bca"`` call: what three calls with one
   ``random_state`` would return); BCa only at n = 500 unless
   ``--bca-large`` (its jackknife costs as much again at n = 10,000). The
   intercept and slope have Wald intervals (one column). "bias" is the mean
   estimate minus the population value; "degen." the share of NaN or
   zero-width BCa intervals (else of percentile intervals). An interval with
   a NaN bound counts as a miss. A population value of exactly 0 (MCB and
   ECE of the calibrated model) sits on the boundary: a percentile interval
   of a positive statistic cannot hold it; the basic one, cut at 0, can.

3. The test of calibration: the share of calibrated test sets whose
   ``calibration_report(...).p_value`` is below 0.05 (its size; target
   5% +- 2%), the same for ``reliability_diagram(...).p_value`` (its own
   resamples), the share of miscalibrated test sets rejected (power), and
   the share of calibrated test sets whose PAV curve leaves the pointwise
   95% consistency band anywhere it is read (far above 5% by design: the
   band is pointwise, not simultaneous).

4. The ECE of a calibrated model, where every population ECE is 0: mean and
   sd over test sets of the plug-in L1 and squared-L2 errors and of Kumar
   et al.'s debiased ones (``debiased=True``; squared L2 with
   ``squared=True``), and z = mean / (sd / sqrt(R)): the debiased squared L2
   should be centred on 0 (|z| < 2). The debiased L1 raises where a
   non-empty bin holds a single sample; such test sets are counted.

Cost: the coverage rows call ``calibration_report`` once per test set with
``--resamples`` resamples (200 by default: modest, for time; the test draws
as many) and, on calibrated sets, ``reliability_diagram`` with as many; on
``--boot-reps`` test sets per setting (200 by default, 1,000 asked for but
about 90 minutes on 2 cores), in ``--workers`` processes (2). Section 4 is
cheap and uses ``--reps`` test sets (1,000). Full run: about 21 minutes on 2
cores. ``--quick``: 12 bootstrapped test sets with 100 resamples, 100 ECE
test sets, 2 x 10^5 draws, 3 timing runs (about 2 minutes).

Every test set is drawn from its own ``numpy`` Generator seeded by
``SeedSequence([seed, setting, repetition])``: the run is reproducible
whatever the workers' scheduling.

Run: ``python benchmarks/bench_calibration.py [--quick] [--reps R]
[--boot-reps B] [--resamples K] [--workers W] [--bca-large] [--seed S]
[--skip-speed] [--skip-coverage]``.
"""

import argparse
import multiprocessing
import time
import warnings

import numpy as np
from scipy import integrate, optimize
from scipy.special import expit, logit
from scipy.stats import norm
from sklearn.isotonic import IsotonicRegression

import imbascore
import imbascore._calibration.report as report_module
from imbascore import (
    brier_score_loss,
    calibration_decomposition,
    calibration_intercept_slope,
    calibration_report,
    expected_calibration_error,
    log_loss,
    reliability_diagram,
)

SPREAD = 1.5  # b in p = expit(a + b Z)
MIS_SLOPE, MIS_SHIFT = 0.6, 0.3  # q = expit(0.6 logit(p) + 0.3)
SIZES = (500, 10_000)
SHARES = (0.01, 0.10)
MODELS = ("calibrated", "miscalibrated")
N_BINS = 10
METHODS = ("percentile", "basic", "bca")
BOOTSTRAPPED = report_module._BOOTSTRAPPED  # the order of the _interval calls
NUMBERS = BOOTSTRAPPED + ("intercept", "slope")
TARGET = (0.93, 0.97)
NODES, WEIGHTS = np.polynomial.hermite_e.hermegauss(200)
WEIGHTS = WEIGHTS / WEIGHTS.sum()  # E[f(Z)] = sum(WEIGHTS * f(NODES))


# ----------------------------------------------------------------- the models


def truth_of(p, model):
    if model == "calibrated":
        return p
    return expit(MIS_SLOPE * logit(p) + MIS_SHIFT)


def offset_for(share, model):
    """``a`` with E[q] = ``share``."""

    def excess(a):
        return np.dot(WEIGHTS, truth_of(expit(a + SPREAD * NODES), model)) - share

    return optimize.brentq(excess, -30.0, 30.0, xtol=1e-14)


def draw(n, a, model, rng):
    p = expit(a + SPREAD * rng.standard_normal(n))
    y = (rng.random(n) < truth_of(p, model)).astype(np.int8)
    return y, p


def population(a, model):
    """The population value of every number the report gives."""
    p = expit(a + SPREAD * NODES)
    q = truth_of(p, model)

    def mean(values):
        return float(np.dot(WEIGHTS, values))

    pi = mean(q)
    positive, negative = mean(q * (1 - p) ** 2), mean((1 - q) * p**2)
    unc = pi * (1 - pi)
    values = {
        "brier": positive + negative,
        "brier_positive": positive / pi,
        "brier_negative": negative / (1 - pi),
        # -log p = log(1 + e^-eta), -log(1 - p) = log(1 + e^eta): no 0 * inf
        "log_loss": mean(
            q * np.logaddexp(0, -(a + SPREAD * NODES))
            + (1 - q) * np.logaddexp(0, a + SPREAD * NODES)
        ),
        "mcb": mean((p - q) ** 2),
        "dsc": unc - mean(q * (1 - q)),
        "unc": unc,
    }
    values["balanced_brier"] = 0.5 * (
        values["brier_positive"] + values["brier_negative"]
    )
    ece = 0.0
    if model != "calibrated":
        edges = (logit(np.linspace(0, 1, N_BINS + 1)) - a) / SPREAD  # in Z

        def gap(z):
            pz = expit(a + SPREAD * z)
            return (truth_of(pz, model) - pz) * norm.pdf(z)

        for low, high in zip(edges[:-1], edges[1:]):
            low, high = max(low, -40.0), min(high, 40.0)
            ece += abs(integrate.quad(gap, low, high, limit=200, epsabs=1e-13)[0])
    values["ece"] = ece
    eta = logit(p)

    def score(a0):
        return mean(q - expit(a0 + eta))

    values["intercept"] = (
        0.0
        if model == "calibrated"
        else optimize.brentq(score, -10.0, 10.0, xtol=1e-14)
    )
    values["slope"] = 1.0 if model == "calibrated" else MIS_SLOPE
    return values


def sample_values(a, model, size, seed):
    """The package's estimates on one large sample (a check of
    :func:`population`)."""
    y, p = draw(size, a, model, np.random.default_rng(seed))
    decomposition = calibration_decomposition(y, p)
    line = calibration_intercept_slope(y, p)
    return {
        "brier": brier_score_loss(y, p),
        "brier_positive": brier_score_loss(y, p, stratum="positive"),
        "brier_negative": brier_score_loss(y, p, stratum="negative"),
        "balanced_brier": brier_score_loss(y, p, stratum="balanced"),
        "log_loss": log_loss(y, p),
        "mcb": decomposition.mcb,
        "dsc": decomposition.dsc,
        "unc": decomposition.unc,
        "ece": expected_calibration_error(y, p, n_bins=N_BINS),
        "intercept": line.intercept.estimate,
        "slope": line.slope.estimate,
    }


# ------------------------------------------------- three intervals, one call

_ORIGINAL_INTERVAL = report_module._interval
_CAPTURED = []


def _all_intervals(draws, estimate, jackknife, level, method):
    """Stands in for ``report._interval``: every method's interval from the
    same draws, recorded; the asked method's returned."""
    bounds = {
        m: _ORIGINAL_INTERVAL(draws, estimate, jackknife, level, m)
        for m in METHODS
        if m != "bca" or jackknife is not None
    }
    _CAPTURED.append(bounds)
    return bounds[method]


def _install():
    report_module._interval = _all_intervals
    warnings.simplefilter("ignore")  # undefined-metric warnings are counted


def report_intervals(y, p, n_resamples, seed, bca):
    """``{number: {method: (low, high)}}``, the estimates and the p-value of
    one ``calibration_report`` call."""
    _CAPTURED.clear()
    report = calibration_report(
        y,
        p,
        n_resamples=n_resamples,
        method="bca" if bca else "percentile",
        n_bins=N_BINS,
        random_state=seed,
    )
    if len(_CAPTURED) != len(BOOTSTRAPPED):
        raise RuntimeError("report._interval is no longer called once per number")
    intervals = dict(zip(BOOTSTRAPPED, [dict(c) for c in _CAPTURED]))
    for name in ("intercept", "slope"):
        number = getattr(report, name)
        intervals[name] = {"Wald": (number.low, number.high)}
    estimates = {name: getattr(report, name).estimate for name in NUMBERS}
    return intervals, estimates, report.p_value


def ece_values(y, p):
    """Plug-in and debiased ECEs (L1; squared L2); NaN where one raises."""
    out = {}
    for key, params in (
        ("plug-in L1", {}),
        ("plug-in L2^2", {"norm": "l2", "squared": True}),
        ("debiased L1", {"debiased": True}),
        ("debiased L2^2", {"norm": "l2", "squared": True, "debiased": True}),
    ):
        try:
            out[key] = expected_calibration_error(y, p, n_bins=N_BINS, **params)
        except ValueError:
            out[key] = np.nan
    return out


def leaves_band(diagram):
    read = np.isfinite(diagram.low) & np.isfinite(diagram.high)
    cep, low, high = diagram.cep[read], diagram.low[read], diagram.high[read]
    return bool(np.any((cep < low - 1e-12) | (cep > high + 1e-12)))


def one_test_set(task):
    """Everything measured on one test set."""
    setting, rep, n, a, model, seed, boot, n_resamples, bca = task
    rng = np.random.default_rng(np.random.SeedSequence([seed, setting, rep]))
    y, p = draw(n, a, model, rng)
    state = int(rng.integers(2**31))
    out = {"setting": setting, "rep": rep}
    if model == "calibrated":
        out["ece"] = ece_values(y, p)
    if boot:
        start = time.perf_counter()
        out["intervals"], out["estimates"], out["p_value"] = report_intervals(
            y, p, n_resamples, state, bca
        )
        if model == "calibrated":
            diagram = reliability_diagram(
                y, p, n_resamples=n_resamples, random_state=state + 1
            )
            out["diagram_p"] = diagram.p_value
            out["leaves"] = leaves_band(diagram)
        out["seconds"] = time.perf_counter() - start
    return out


# ------------------------------------------------------------------ tallies


class Tally:
    """Coverage, misses below / above, degenerate share, estimates."""

    def __init__(self):
        self.covered, self.below, self.above, self.degenerate = [], [], [], []

    def add(self, truth, low, high):
        finite = np.isfinite(low) and np.isfinite(high)
        self.covered.append(bool(finite and low <= truth <= high))
        self.below.append(bool(finite and truth < low))
        self.above.append(bool(finite and truth > high))
        self.degenerate.append(bool(not finite or high - low <= 1e-12))

    def cell(self):
        reps = len(self.covered)
        c = float(np.mean(self.covered))
        se = np.sqrt(c * (1 - c) / reps)
        mark = "" if TARGET[0] <= c <= TARGET[1] else " !"
        return f"{c:.1%} ({se:.1%}){mark}", c


def fmt(value):
    if value == 0:
        return "0"
    return f"{value:.4g}" if abs(value) >= 1e-3 else f"{value:.3e}"


# -------------------------------------------------------------------- speed


def median_time(function, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def speed(runs):
    rng = np.random.default_rng(0)
    a = offset_for(0.10, "calibrated")
    print(f"Speed (median of {runs} runs; p = expit(a + 1.5 Z), 10% positives):\n")
    print("| task | n | imbascore | anchor (same data) | ratio | target |")
    print("|---|---|---|---|---|---|")
    y, p = draw(10**6, a, "calibrated", rng)
    distinct = np.unique(p).shape[0]
    anchor = median_time(lambda: IsotonicRegression().fit(p, y), runs)
    ours = median_time(lambda: calibration_decomposition(y, p), runs)
    ratio = ours / anchor
    print(
        f"| calibration_decomposition ({distinct:,} distinct p) | 10^6 | "
        f"{ours:.3f} s | IsotonicRegression().fit {anchor:.3f} s | {ratio:.2f}x | "
        f"<= 2x: {'met' if ratio <= 2 else 'MISSED'} |"
    )
    y, p = draw(10**4, a, "calibrated", rng)
    for method in ("percentile", "bca"):
        seconds = median_time(
            lambda: calibration_report(
                y, p, n_resamples=1000, method=method, random_state=0
            ),
            runs,
        )
        print(
            f"| calibration_report, method={method!r}, 1,000 resamples | 10^4 | "
            f"{seconds:.2f} s | | | (reported) |"
        )
    seconds = median_time(
        lambda: reliability_diagram(y, p, n_resamples=1000, random_state=0), runs
    )
    print(
        f"| reliability_diagram (consistency band + test), 1,000 resamples | "
        f"10^4 | {seconds:.2f} s | | | (reported) |"
    )


# --------------------------------------------------------------------- main


def settings_list():
    out = []
    for n in SIZES:
        for share in SHARES:
            for model in MODELS:
                out.append((n, share, model, offset_for(share, model)))
    return out


def print_population(settings, size, seed):
    print(
        f"\nPopulation values (exact) and the package's estimates on one sample "
        f"of {size:,} draws (in brackets):\n"
    )
    print("| base rate | model | a | " + " | ".join(NUMBERS) + " |")
    print("|---|---|---|" + "---|" * len(NUMBERS))
    truths = {}
    for share in SHARES:
        for model in MODELS:
            a = offset_for(share, model)
            exact = population(a, model)
            truths[share, model] = exact
            sample = sample_values(a, model, size, seed)
            cells = [f"{fmt(exact[k])} ({fmt(sample[k])})" for k in NUMBERS]
            print(f"| {share:.0%} | {model} | {a:.4f} | " + " | ".join(cells) + " |")
    return truths


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--reps", type=int, help="ECE test sets per setting")
    parser.add_argument("--boot-reps", type=int, help="report test sets per setting")
    parser.add_argument("--resamples", type=int, help="resamples per report")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bca-large", action="store_true")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-coverage", action="store_true")
    args = parser.parse_args()
    reps = args.reps or (100 if args.quick else 1000)
    boot_reps = args.boot_reps or (12 if args.quick else 200)
    n_resamples = args.resamples or (100 if args.quick else 200)
    size = 2 * 10**5 if args.quick else 2 * 10**6
    start = time.perf_counter()
    print(f"imbascore {imbascore.__version__}\n")
    if not args.skip_speed:
        speed(3 if args.quick else 5)
        print(f"\n({time.perf_counter() - start:.0f} s)")
    if args.skip_coverage:
        return
    settings = settings_list()
    truths = print_population(settings, size, args.seed)
    _install()
    tasks = []
    for index, (n, share, model, a) in enumerate(settings):
        bca = n <= 500 or args.bca_large
        count = max(boot_reps, reps if model == "calibrated" else 0)
        for rep in range(count):
            boot = rep < boot_reps
            tasks.append((index, rep, n, a, model, args.seed, boot, n_resamples, bca))
    tasks.sort(key=lambda t: (not t[6], -t[2]))  # the slow ones first
    results = [[] for _ in settings]
    with multiprocessing.Pool(args.workers, initializer=_install) as pool:
        for out in pool.imap_unordered(one_test_set, tasks, chunksize=4):
            results[out["setting"]].append(out)
    for rows in results:
        rows.sort(key=lambda r: r["rep"])
    print(f"\n({time.perf_counter() - start:.0f} s)")
    coverage_tables(settings, truths, results, boot_reps, n_resamples)
    test_table(settings, results)
    ece_table(settings, results)
    print(f"\n(total {time.perf_counter() - start:.0f} s)")


def coverage_tables(settings, truths, results, boot_reps, n_resamples):
    print(
        f"\nCoverage of nominal 95% intervals: {boot_reps} test sets per "
        f"setting, {n_resamples} resamples each; coverage (MC s.e.), ! outside "
        "95% +- 2%:\n"
    )
    print(
        "| n | base rate | model | number | population | bias | percentile | "
        "basic | bca / Wald | degen. | below / above (best) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    best = {}
    for index, (n, share, model, _) in enumerate(settings):
        rows = [r for r in results[index] if "intervals" in r]
        truth = truths[share, model]
        seconds = sum(r["seconds"] for r in rows)
        for name in NUMBERS:
            tallies = {}
            for r in rows:
                for method, (low, high) in r["intervals"][name].items():
                    tallies.setdefault(method, Tally()).add(truth[name], low, high)
            estimates = np.array([r["estimates"][name] for r in rows], dtype=float)
            bias = np.nanmean(estimates) - truth[name]
            cells, shares = {}, {}
            for method, tally in tallies.items():
                cells[method], shares[method] = tally.cell()
            wald = "Wald" in tallies
            last = cells.get("Wald" if wald else "bca", "-")
            first = "-" if wald else cells["percentile"]
            second = "-" if wald else cells["basic"]
            top = min(shares, key=lambda m: abs(shares[m] - 0.95))
            best.setdefault((name, top), []).append((n, share, model))
            shown = tallies.get("bca", tallies.get("Wald", tallies.get("percentile")))
            degenerate = float(np.mean(shown.degenerate))
            below, above = np.mean(tallies[top].below), np.mean(tallies[top].above)
            print(
                f"| {n} | {share:.0%} | {model} | {name} | {fmt(truth[name])} | "
                f"{bias:+.2e} | {first} | {second} | {last} | {degenerate:.1%} | "
                f"{below:.1%} / {above:.1%} ({top}) |"
            )
        print(
            f"| {n} | {share:.0%} | {model} | ({seconds:.0f} s of calls) "
            "| | | | | | | |"
        )
    print("\nThe method closest to 95%, by number (settings where it is):\n")
    print("| number | percentile | basic | bca | Wald |")
    print("|---|---|---|---|---|")
    for name in NUMBERS:
        counts = [len(best.get((name, m), [])) for m in METHODS + ("Wald",)]
        print(f"| {name} | " + " | ".join(str(c) for c in counts) + " |")


def test_table(settings, results):
    print(
        "\nThe test of calibration at 5% and the pointwise consistency band "
        "(share of test sets; MC s.e. in brackets):\n"
    )
    print(
        "| n | base rate | reps | size, report p | size, diagram p | "
        "power (miscalibrated), report p | calibrated PAV curve leaves the band |"
    )
    print("|---|---|---|---|---|---|---|")

    def share_of(values):
        values = np.asarray(values, dtype=float)
        c = float(np.mean(values))
        return f"{c:.1%} ({np.sqrt(c * (1 - c) / values.size):.1%})"

    for n in SIZES:
        for share in SHARES:
            found = {}
            for index, (n_, share_, model, _) in enumerate(settings):
                if (n_, share_) == (n, share):
                    found[model] = [r for r in results[index] if "intervals" in r]
            calibrated, miscalibrated = found["calibrated"], found["miscalibrated"]
            print(
                f"| {n} | {share:.0%} | {len(calibrated)} | "
                f"{share_of([r['p_value'] < 0.05 for r in calibrated])} | "
                f"{share_of([r['diagram_p'] < 0.05 for r in calibrated])} | "
                f"{share_of([r['p_value'] < 0.05 for r in miscalibrated])} | "
                f"{share_of([r['leaves'] for r in calibrated])} |"
            )


def ece_table(settings, results):
    print(
        "\nECE (10 uniform bins) of the calibrated model, population value 0: "
        "mean, sd and z = mean / (sd / sqrt(R)) over R test sets:\n"
    )
    print("| n | base rate | R | estimator | mean | sd | z | raised |")
    print("|---|---|---|---|---|---|---|---|")
    for index, (n, share, model, _) in enumerate(settings):
        if model != "calibrated":
            continue
        rows = [r["ece"] for r in results[index]]
        for key in rows[0]:
            values = np.array([r[key] for r in rows], dtype=float)
            kept = values[np.isfinite(values)]
            mean, sd = float(np.mean(kept)), float(np.std(kept, ddof=1))
            z = mean / (sd / np.sqrt(kept.size)) if sd > 0 else np.nan
            raised = values.size - kept.size
            print(
                f"| {n} | {share:.0%} | {kept.size} | {key} | {mean:.3e} | "
                f"{sd:.3e} | {z:+.1f} | {raised} |"
            )


if __name__ == "__main__":
    main()
