"""A ranking metric by name, from one sorted order, at any class ratio.

At another class ratio the curves' rates are kept and the positives and
negatives are reweighted to their deployment shares: the cumulated counts of
each class are divided by the class's total and multiplied by its share, so
a ratio costs no new sort and no sample weights, and a bootstrap resample
(whose class totals may differ under weights) is set to the ratio the same
way. ROC AUC and partial AUC do not move; average precision and AUPRG do.
"""

import warnings
from functools import partial

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import param_error
from .._core.engine.prevalence import check_prevalence, check_priors
from .._core.engine.select import index_of
from .._specs.catalogue import metric_info
from .._specs.scores import SCORE_CATALOGUE
from .inputs import read_ranked
from .params import check_ranking_params

__all__ = [
    "SCORE_METRIC_NAMES",
    "counted_metric",
    "positive_share",
    "DESCRIPTIONS",
    "checked_metric",
    "described",
    "ranking_score",
    "undefined",
]

#: The ranking metrics by name (the catalogue's records that read scores).
SCORE_METRIC_NAMES = tuple(spec.name for spec in SCORE_CATALOGUE)


def positive_share(classes, pos_label, prevalence, func):
    """The positive class's share of the deployment, from ``prevalence`` as
    :func:`~imbascore.score_at_prevalence` takes it (a float: the fraction of
    ``pos_label``; or one prior per class), checked. With one class in the
    data it is only checked: every ranking metric is undefined there."""
    if len(classes) < 2:
        checked = check_prevalence(prevalence, func)
        return checked if isinstance(checked, float) else np.nan
    priors = check_priors(prevalence, classes, pos_label, func)
    share = float(priors[index_of(classes, pos_label)])
    if not 0.0 < share < 1.0:
        raise ValueError(
            param_error(
                func,
                "prevalence",
                "priors in (0, 1) for a ranking metric (its curves need both "
                "classes at the deployment)",
                prevalence,
                f"The positive class {pos_label!r} gets {share!r}.",
            )
        )
    return share


def _at_share(function, share, tp, fp, **params):
    positives, negatives = float(tp[-1]), float(fp[-1])
    if positives <= 0 or negatives <= 0:
        return np.nan  # a class's rates are unknown: no curve to rescale
    tp = np.asarray(tp, dtype=np.float64) * (share / positives)
    fp = np.asarray(fp, dtype=np.float64) * ((1.0 - share) / negatives)
    return function(tp, fp, **params)


def counted_metric(metric, params, share=None):
    """Ranking metric ``metric`` (its record's ``formula``) as a function of
    the cumulated counts ``(tp, fp)``, its parameters bound, at the positive
    share ``share`` (None: the data's own ratio)."""
    function = metric_info(metric).formula
    if share is not None:
        function = partial(_at_share, function, share)
    return partial(function, **params)


def described(readable):
    """ "the ROC AUC", "the average precision": a readable name in a sentence
    (an acronym keeps its capitals)."""
    head = readable.split()[0]
    return "the " + (readable if head.isupper() else readable[0].lower() + readable[1:])


#: How warnings name each metric (from its readable name).
DESCRIPTIONS = {spec.name: described(spec.readable) for spec in SCORE_CATALOGUE}


def undefined(
    ranked, tp, fp, func, what, *, needs_negatives=True, returning="NaN", stacklevel=4
):
    """Whether a ranking value is undefined (a class absent, or of total
    weight 0), warning ``UndefinedMetricWarning`` at the public function's
    caller if it is."""
    missing = []
    if not float(tp[-1]) > 0:
        has = ranked.any_positive()
        missing.append(
            "every positive sample weighs 0" if has else "y_true has no positive sample"
        )
    if needs_negatives and not float(fp[-1]) > 0:
        has = not ranked.all_positive()
        missing.append(
            "every negative sample weighs 0" if has else "y_true has no negative sample"
        )
    if not missing:
        return False
    warnings.warn(
        f"{func}: {what} is undefined ({' and '.join(missing)}); "
        f"returning {returning}.",
        UndefinedMetricWarning,
        stacklevel=stacklevel,
    )
    return True


def ranking_score(
    y_true,
    y_score,
    metric,
    params,
    func,
    *,
    sample_weight=None,
    prevalence=None,
    name="y_score",
):
    """Ranking metric ``metric`` of ``y_score``, the one path of the public
    functions, :func:`~imbascore.score_at_prevalence` and the scorers: NaN
    with an ``UndefinedMetricWarning`` when a class it needs is absent
    (average precision needs no negatives, but does at another ratio)."""
    params = dict(params)
    pos_label = params.pop("pos_label", None)
    inputs, ranked = read_ranked(
        y_true, y_score, sample_weight, func, pos_label=pos_label, name=name
    )
    evaluate, tp, fp = checked_metric(inputs, ranked, metric, params, prevalence, func)
    return np.nan if evaluate is None else float(evaluate(tp, fp))


def checked_metric(inputs, ranked, metric, params, prevalence, func):
    """``(evaluate, tp, fp)``: metric ``metric`` with its parameters checked
    and bound, at the positive share ``prevalence`` sets, as a function of
    the cumulated counts, and the data's counts; ``evaluate`` is None (with
    the warning, at the caller of ``func``) where the data leave it
    undefined (average precision needs no negatives, but does at a ratio)."""
    params = check_ranking_params(metric, params, func)
    share = None
    if prevalence is not None:
        share = positive_share(inputs.classes, inputs.pos_label, prevalence, func)
    tp, fp = ranked.cumulated()
    needs_negatives = metric != "average_precision" or share is not None
    what = DESCRIPTIONS[metric]
    if undefined(
        ranked, tp, fp, func, what, needs_negatives=needs_negatives, stacklevel=5
    ):
        return None, tp, fp
    return counted_metric(metric, params, share), tp, fp
