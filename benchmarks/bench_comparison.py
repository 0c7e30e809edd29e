"""Do the paired comparisons hold their error rates? A simulation.

Prints Markdown tables (medians never asserted: a benchmark, not a test):

1. ``compare_models``: type I error and power of every test of fold scores.
   Two logistic regressions, each on one of two informative features and two
   noise features, on fresh imbalanced datasets (300 samples, ~13%
   positives), scored by IBA on the folds of 15 random 90/10 splits, 10-fold,
   10 x 10-fold and 5 x 2-fold (all stratified). Under the null both features
   are equally informative (coefficient 1.2; equal true IBA by symmetry, yet
   on a given dataset one feature happens to be the better one, and every
   fold shares that); under the two alternatives A's feature is stronger
   (1.6 and 2.0). Each cell is the share of datasets where the test rejects
   at 5%, with its Monte Carlo standard error sqrt(p (1 - p) / N). The tests:
   ``compare_models``' corrected t (Nadeau & Bengio; on 10 x 10-fold it is
   Bouckaert & Frank's corrected repeated k-fold test), its Bayesian
   correlated t-test (P(A better) or P(B better) > 0.975, no ROPE: the same
   decision as the corrected t, by construction), Dietterich's 5x2cv paired
   t-test and Alpaydin's combined 5x2cv F-test (5x2 only), and the naive
   paired t-test over folds (scipy) for reference. The models are fitted
   directly (Newton's method on scikit-learn's ``LogisticRegression()``
   objective, C=1, intercept not penalised; checked against it below) for
   all folds of a dataset at once: ``cross_validate`` would take hours.
2. ``compare_predictions``: test sets drawn from a population of (truth, A,
   B) with 5% positives and known cell probabilities; coverage of the 95%
   interval of the IBA difference (posterior and paired bootstrap) at n = 200
   and 2000, and the rejection rate at 5% when the true difference is 0.
   Then Cochran's Q over three models of equal accuracy (null) and with one
   better model (power), n = 200 and 2000.

Run: ``python benchmarks/bench_comparison.py [--quick] [--jobs 2]``.
"""

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from scipy import stats
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import (
    RepeatedStratifiedKFold,
    StratifiedKFold,
    StratifiedShuffleSplit,
)

from imbascore import compare_models, compare_predictions, five_by_two_cv
from imbascore._specs.formulas import index_balanced_accuracy

#: The settings: a splitter for dataset ``seed`` (its own shuffles).
SETTINGS = {
    "15 random 90/10 splits": lambda seed: StratifiedShuffleSplit(
        15, test_size=0.1, random_state=seed
    ),
    "10-fold": lambda seed: StratifiedKFold(10, shuffle=True, random_state=seed),
    "10 x 10-fold": lambda seed: RepeatedStratifiedKFold(
        n_splits=10, n_repeats=10, random_state=seed
    ),
    "5 x 2-fold": lambda seed: five_by_two_cv(random_state=seed),
}
#: Coefficient of A's feature (B's is 1.2): the null and two alternatives.
STRENGTHS = {"null (1.2)": 1.2, "alternative 1.6": 1.6, "alternative 2.0": 2.0}
TESTS = (
    "corrected t",
    "Bayesian correlated t",
    "5x2cv paired t",
    "5x2cv combined F",
    "naive paired t",
)


def dataset(seed, strength_a, n=300):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 4))
    logit = strength_a * X[:, 0] + 1.2 * X[:, 1] - 2.8
    y = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(int)
    return X, y


def fit_logistic(X, y, train, iterations=50):
    """``LogisticRegression()``'s coefficients (L2, C=1, intercept free) on
    each row of the boolean ``train`` masks at once, by Newton's method."""
    Z = np.column_stack([X, np.ones(len(X))])
    penalty = np.ones(Z.shape[1])
    penalty[-1] = 0.0
    weights = train.T.astype(float)
    W = np.zeros((len(train), Z.shape[1]))
    for _ in range(iterations):
        P = 1 / (1 + np.exp(-(Z @ W.T)))
        gradient = (Z.T @ (weights * (P - y[:, None]))).T + W * penalty
        curvature = weights * P * (1 - P)
        hessian = np.einsum("nf,ni,nj->fij", curvature, Z, Z) + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient[..., None])[..., 0]
        W -= step
        if np.abs(step).max() < 1e-10:
            break
    return W


def fold_iba(X, y, cv):
    """IBA (alpha=0.1) of each fold's test set, for the model on ``X``."""
    splits = list(cv.split(X, y))
    train = np.zeros((len(splits), len(y)), bool)
    for row, (fit_on, _) in enumerate(splits):
        train[row, fit_on] = True
    W = fit_logistic(X, y, train)
    predicted = (np.column_stack([X, np.ones(len(X))]) @ W.T > 0).T
    test, positive = ~train, y == 1
    tpr = (predicted & test & positive).sum(1) / (test & positive).sum(1)
    tnr = (~predicted & test & ~positive).sum(1) / (test & ~positive).sum(1)
    return index_balanced_accuracy(tpr, tnr, 0.1)


def one_dataset(task):
    """Which tests reject at 5% on dataset ``seed``, in each setting."""
    seed, strength_a = task
    X, y = dataset(seed, strength_a)
    rejected = {}
    for label, make in SETTINGS.items():
        cv = make(seed)
        scores = {
            "a": fold_iba(X[:, [0, 2, 3]], y, cv),
            "b": fold_iba(X[:, [1, 2, 3]], y, cv),
        }
        row = compare_models(scores, cv=cv, method="corrected_t").rows[0]
        rejected[label, "corrected t"] = row["pvalue"] < 0.05
        rejected[label, "Bayesian correlated t"] = (
            max(row["p_better"], row["p_worse"]) > 0.975
        )
        if label == "5 x 2-fold":
            for method, name in (
                ("paired_t_5x2", "5x2cv paired t"),
                ("combined_f_5x2", "5x2cv combined F"),
            ):
                pvalue = compare_models(scores, cv=cv, method=method).rows[0]["pvalue"]
                rejected[label, name] = pvalue < 0.05
        naive = stats.ttest_rel(scores["a"], scores["b"]).pvalue
        rejected[label, "naive paired t"] = bool(naive < 0.05)
    return rejected


def rejection_rates(n_datasets, jobs):
    """``{(strength, setting, test): (rate, standard error)}``."""
    rates = {}
    with ProcessPoolExecutor(jobs) as pool:
        for name, strength in STRENGTHS.items():
            tasks = [(seed, strength) for seed in range(n_datasets)]
            outcomes = list(pool.map(one_dataset, tasks, chunksize=10))
            for key in outcomes[0]:
                rate = float(np.mean([outcome[key] for outcome in outcomes]))
                error = float(np.sqrt(rate * (1 - rate) / n_datasets))
                rates[(name, *key)] = (rate, error)
    return rates


def check_the_fit():
    """The direct fit against scikit-learn's on one training set."""
    X, y = dataset(0, 1.2)
    mine = fit_logistic(X[:, [0, 2, 3]], y, np.ones((1, len(y)), bool))[0]
    model = LogisticRegression(tol=1e-10).fit(X[:, [0, 2, 3]], y)
    theirs = np.r_[model.coef_.ravel(), model.intercept_]
    return float(np.abs(mine - theirs).max())


def print_rates(rates, n_datasets):
    print(
        f"compare_models, rejection rate at 5% ± Monte Carlo standard error "
        f"({n_datasets} datasets per cell):\n"
    )
    header = " | ".join(STRENGTHS)
    print(f"| folds | test | {header} |")
    print("|---|---|" + "---|" * len(STRENGTHS))
    for setting in SETTINGS:
        for test in TESTS:
            if (next(iter(STRENGTHS)), setting, test) not in rates:
                continue
            cells = " | ".join(
                "{:.1%} ± {:.1%}".format(*rates[(name, setting, test)])
                for name in STRENGTHS
            )
            print(f"| {setting} | {test} | {cells} |")


def _population(shift):
    """Cell probabilities of (truth, A, B) with 5% positives. Both models
    share most errors; ``shift`` moves TPR from B to A (0: equal models)."""
    p = np.zeros((2, 2, 2))
    # positives: A right w.p. 0.75 + shift, B right w.p. 0.75 - shift
    both_right, both_wrong = 0.6, 0.1
    a_only, b_only = 0.15 + shift, 0.15 - shift
    p[1, 1, 1], p[1, 0, 0], p[1, 1, 0], p[1, 0, 1] = (
        both_right,
        both_wrong,
        a_only,
        b_only,
    )
    # negatives: equal specificity 0.9 for both, shared errors
    p[0, 0, 0], p[0, 1, 1], p[0, 1, 0], p[0, 0, 1] = 0.85, 0.05, 0.05, 0.05
    p[1] *= 0.05
    p[0] *= 0.95
    return p


def _true_iba(p, model):
    margin = p.sum(axis=2) if model == "a" else p.sum(axis=1)
    tpr = margin[1, 1] / margin[1].sum()
    tnr = margin[0, 0] / margin[0].sum()
    return index_balanced_accuracy(tpr, tnr, 0.1)


def _draw(p, n, rng):
    cells = rng.choice(8, size=n, p=p.ravel())
    truth, a, b = cells // 4, (cells // 2) % 2, cells % 2
    return truth, a, b


def coverage_of_compare_predictions(n, replications, shift, method, seed=0):
    rng = np.random.default_rng(seed)
    p = _population(shift)
    truth_difference = _true_iba(p, "a") - _true_iba(p, "b")
    covered = rejected = done = 0
    for _ in range(replications):
        truth, a, b = _draw(p, n, rng)
        if truth.min() == truth.max():
            continue  # a test set without positives: no IBA
        result = compare_predictions(
            truth,
            a,
            b,
            metric="iba",
            method=method,
            n_resamples=2000,
            random_state=int(rng.integers(2**31)),
        )
        covered += result.low <= truth_difference <= result.high
        rejected += result.pvalue < 0.05
        done += 1
    return truth_difference, covered / done, rejected / done


def cochran_rates(n, replications, better, seed=0):
    """Rejection rate at 5% of Cochran's Q over three models on test sets of
    ``n`` samples (20% positives). Each sample has a difficulty that all
    models share (correlated answers); models B and C are right with the
    same probability, A with ``better`` more (0: the null)."""
    rng = np.random.default_rng(seed)
    rejected = 0
    for _ in range(replications):
        y = (rng.random(n) < 0.2).astype(int)
        easy = rng.random(n)
        preds = []
        for shift in (better, 0.0, 0.0):
            right = 0.6 * easy + 0.4 * rng.random(n) < 0.75 + shift
            preds.append(np.where(right, y, 1 - y))
        rejected += compare_predictions(y, *preds).pvalue < 0.05
    rate = rejected / replications
    return rate, np.sqrt(rate * (1 - rate) / replications)


def print_cochran(replications):
    print(
        f"\ncompare_predictions, Cochran's Q over three models' accuracy "
        f"({replications} test sets each; rate ± Monte Carlo error):\n"
    )
    print("| n | null | A right 2 points more often | A 5 points more |")
    print("|---|---|---|---|")
    for n in (200, 2000):
        cells = [cochran_rates(n, replications, better) for better in (0, 0.02, 0.05)]
        print(f"| {n} | " + " | ".join(f"{r:.1%} ± {e:.1%}" for r, e in cells) + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--part", choices=("all", "models", "predictions", "cochran"), default="all"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    if args.part in ("all", "models"):
        print(f"direct fit against LogisticRegression(): {check_the_fit():.1e}\n")
        n_datasets = 100 if args.quick else 1000
        print_rates(rejection_rates(n_datasets, args.jobs), n_datasets)
        print(f"\n({time.perf_counter() - start:.0f} s)\n")
    if args.part == "models":
        return
    replications = 100 if args.quick else 1000
    if args.part == "cochran":
        print_cochran(replications)
        return
    print(
        f"\ncompare_predictions, IBA difference, 5% positives ({replications} test "
        "sets each):\n"
    )
    print(
        "| n | method | true difference | coverage of the 95% interval | "
        "rejects at 5% when the difference is 0 |"
    )
    print("|---|---|---|---|---|")
    for n in (200, 2000):
        for method in ("posterior", "bootstrap"):
            true, coverage, _ = coverage_of_compare_predictions(
                n, replications, 0.05, method
            )
            _, _, null_rejection = coverage_of_compare_predictions(
                n, replications, 0.0, method, seed=1
            )
            print(
                f"| {n} | {method} | {true:.4f} | {coverage:.1%} | "
                f"{null_rejection:.1%} |"
            )
    print_cochran(replications)
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
