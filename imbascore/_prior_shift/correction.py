"""Probabilities at the class ratio of deployment, not of training.

A classifier trained after SMOTE or random under-sampling learns the
posterior of the resampled class ratio: its probabilities overstate the
minority class by construction. Bayes' rule moves a posterior from one prior
to another, class by class, on the odds (Elkan 2001; for under-sampling,
Dal Pozzolo et al. 2015): ``p'_j ∝ p_j * target_j / train_j``.
"""

from __future__ import annotations

import numbers
import warnings
from typing import Any

import numpy as np
import numpy.typing as npt
from sklearn.base import BaseEstimator, ClassifierMixin, MetaEstimatorMixin, clone
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.utils.validation import check_is_fitted

from .._core.checks import is_real, param_error
from .._core.inputs.scores import check_probability_rows
from .._core.types import ArrayLike, FloatArray
from .estimation import PrevalenceEstimate, check_X_y

__all__ = ["PriorCorrectedClassifier", "correct_probabilities"]

#: How far from 1 a vector of priors may sum (rounding of decimal input).
_SUM_TOLERANCE = 1e-9


def _check_prior(prior, n_classes, name, func, *, open_interval):
    """One prior per class, as an array, from a float (two classes: the prior
    of the second) or a sequence; in (0, 1) if ``open_interval`` (a
    training prior divides), else in [0, 1]; summing to 1."""
    rule = (
        f"a float in (0, 1) (the prior of the second class) for two classes, or "
        f"a sequence of {n_classes} priors summing to 1"
        if n_classes == 2
        else f"a sequence of {n_classes} priors (one per class) summing to 1"
    )
    interval = "(0, 1)" if open_interval else "[0, 1]"
    if isinstance(prior, str | bytes | bool | np.bool_) or prior is None:
        raise TypeError(param_error(func, name, rule, prior))
    if isinstance(prior, numbers.Real):
        if n_classes != 2:
            raise ValueError(param_error(func, name, rule, prior))
        inside = 0.0 < prior < 1.0 if open_interval else 0.0 <= prior <= 1.0
        if not (np.isfinite(prior) and inside):
            raise ValueError(param_error(func, name, f"a float in {interval}", prior))
        return np.array([1.0 - prior, float(prior)])
    try:
        values = np.asarray(prior, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(param_error(func, name, rule, prior)) from None
    if values.ndim != 1 or len(values) != n_classes:
        raise ValueError(
            param_error(
                func,
                name,
                f"{n_classes} priors, one per class",
                prior,
                f"It has shape {values.shape}.",
            )
        )
    low_ok = values > 0 if open_interval else values >= 0
    if not (np.isfinite(values).all() and low_ok.all() and (values <= 1).all()):
        rule = f"priors in {interval}"
        raise ValueError(param_error(func, name, rule, values.tolist()))
    total = float(values.sum())
    if abs(total - 1.0) > _SUM_TOLERANCE:
        raise ValueError(
            param_error(
                func,
                name,
                f"priors that sum to 1 (within {_SUM_TOLERANCE:g})",
                values.tolist(),
                f"They sum to {total!r}.",
            )
        )
    return values


def correct_probabilities(
    proba: ArrayLike, *, train_prior: ArrayLike, target_prior: ArrayLike
) -> FloatArray:
    """Move predicted probabilities from the training class ratio to another.

    Parameters
    ----------
    proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        Predicted probabilities: of the positive (second) class, or of every
        class (``predict_proba``'s output).

    train_prior : float or array-like of shape (n_classes,)
        The class ratio the model was trained at (after any resampling),
        each prior in (0, 1): for 1-D ``proba`` or two columns a float, the
        prior of the positive (second) class, or one prior per class.

    target_prior : float or array-like of shape (n_classes,)
        The class ratio to move to, in the same form, priors in [0, 1].

    Returns
    -------
    corrected : ndarray of the shape of ``proba``

    Notes
    -----
    Bayes' rule with the class-conditional densities unchanged:
    ``p'_j = w_j p_j / sum_i w_i p_i`` with ``w_j = target_j / train_j``
    (Elkan 2001, Theorem 2). For two classes the posterior odds are
    multiplied by the ratio of the prior odds. After random under-sampling
    of the negatives at rate ``beta`` (each kept with probability
    ``beta``), this is ``p = beta p_s / (beta p_s - p_s + 1)`` (Dal Pozzolo
    et al. 2015). A row whose probabilities are all 0 where the target
    prior is positive stays undefined (NaN).

    References
    ----------
    .. [1] C. Elkan, "The foundations of cost-sensitive learning", IJCAI 2001.
    .. [2] A. Dal Pozzolo, O. Caelen, R. A. Johnson, G. Bontempi,
       "Calibrating probability with undersampling for unbalanced
       classification", IEEE SSCI 2015.

    Examples
    --------
    >>> from imbascore._prior_shift.correction import correct_probabilities
    >>> # trained on balanced data (after under-sampling), deployed at 10%
    >>> correct_probabilities([0.5, 0.9], train_prior=0.5, target_prior=0.1)
    array([0.1, 0.5])
    >>> correct_probabilities(
    ...     [[0.2, 0.3, 0.5]], train_prior=[1/3, 1/3, 1/3], target_prior=[0.6, 0.3, 0.1]
    ... ).round(3)
    array([[0.462, 0.346, 0.192]])
    """
    func = "correct_probabilities"
    values = check_probability_rows(proba, func)
    k = 2 if values.ndim == 1 else values.shape[1]
    train = _check_prior(train_prior, k, "train_prior", func, open_interval=True)
    target = _check_prior(target_prior, k, "target_prior", func, open_interval=False)
    factors = target / train
    with np.errstate(divide="ignore", invalid="ignore"):
        if values.ndim == 1:
            positive = factors[1] * values
            corrected = positive / (positive + factors[0] * (1.0 - values))
            undefined = np.isnan(corrected)
        else:
            weighted = values * factors
            corrected = weighted / weighted.sum(axis=1, keepdims=True)
            undefined = np.isnan(corrected).any(axis=1)
    if undefined.any():
        warnings.warn(
            f"{func}: {int(undefined.sum())} sample(s) have probability 0 for "
            "every class whose target_prior is positive (first: sample "
            f"{int(np.flatnonzero(undefined)[0])}); their corrected "
            "probabilities are undefined and set to NaN.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
    return corrected


def _samplers(estimator):
    """The steps of an imbalanced-learn pipeline before its last, or ()."""
    steps = getattr(estimator, "steps", None)
    if not steps:
        return ()
    return [step for _, step in steps[:-1] if step not in (None, "passthrough")]


def _resampled_labels(fitted, X, y):
    """The labels the last step of a fitted pipeline was trained on.

    The pipeline's samplers are not kept with their output, so each sampler
    is cloned and its ``fit_resample`` run again on what reached it (the
    fitted transformers before it transform the data): the class counts of
    random under- and over-sampling and of SMOTE follow from
    ``sampling_strategy`` alone, so they are those the model saw even where
    the drawn samples differ.
    """
    Xt, yt = X, y
    for step in _samplers(fitted):
        if hasattr(step, "fit_resample"):
            Xt, yt = clone(step).fit_resample(Xt, yt)
        else:
            Xt = step.transform(Xt)
    return yt


class PriorCorrectedClassifier(MetaEstimatorMixin, ClassifierMixin, BaseEstimator):
    """A classifier whose probabilities are moved to the deployment's class ratio.

    ``fit`` fits the wrapped classifier (or imbalanced-learn pipeline) and
    learns two class ratios: the original one, of ``y``, and the one the
    model was actually trained at, after the pipeline's samplers.
    ``predict_proba`` corrects the model's probabilities from the second to
    ``target_prior`` by Bayes' rule (:func:`correct_probabilities`), and
    ``predict`` takes the most probable class of the corrected ones.

    Parameters
    ----------
    estimator : classifier with predict_proba
        An unfitted scikit-learn classifier or imbalanced-learn pipeline
        (samplers, then transformers, then a classifier).

    target_prior : str, float, array-like or PrevalenceEstimate, default="original"
        ``"original"``: the class ratio of the training ``y``, before
        resampling. A float: the prior of ``classes_[1]`` (two classes). A
        sequence: one prior per class of ``classes_``, summing to 1. A
        :class:`~imbascore.PrevalenceEstimate`: its
        ``priors`` (its labels must be ``classes_``).

    Attributes
    ----------
    estimator_ : classifier
        The fitted classifier or pipeline.
    classes_ : ndarray of shape (n_classes,)
    original_prior_ : ndarray of shape (n_classes,)
        The class ratio of ``y``.
    train_prior_ : ndarray of shape (n_classes,)
        The class ratio the model was trained at: for an imbalanced-learn
        pipeline, that of the labels its samplers give (each sampler cloned
        and run again on the training data, see Notes); else that of ``y``.
    target_prior_ : ndarray of shape (n_classes,)

    Notes
    -----
    The resampled class ratio is found by running each sampler of the
    pipeline again (a clone, same parameters) on the training data as it
    reached it. For samplers whose output class counts follow from their
    ``sampling_strategy`` (random under- and over-sampling, SMOTE and its
    variants) these are exactly the counts the model was trained on; for
    cleaning samplers (Tomek links, edited nearest neighbours), which are
    deterministic, too. ``class_weight`` and ``sample_weight`` also move the
    ratio a model learns; they are not taken into account.

    Examples
    --------
    >>> import numpy as np
    >>> from imblearn.pipeline import make_pipeline
    >>> from imblearn.under_sampling import RandomUnderSampler
    >>> from sklearn.linear_model import LogisticRegression
    >>> from imbascore._prior_shift.correction import PriorCorrectedClassifier
    >>> rng = np.random.default_rng(0)
    >>> X = np.r_[rng.normal(1, 1, (100, 2)), rng.normal(0, 1, (900, 2))]
    >>> y = np.r_[np.ones(100, int), np.zeros(900, int)]
    >>> model = make_pipeline(RandomUnderSampler(random_state=0), LogisticRegression())
    >>> corrected = PriorCorrectedClassifier(model).fit(X, y)
    >>> corrected.train_prior_, corrected.original_prior_
    (array([0.5, 0.5]), array([0.9, 0.1]))
    >>> raw = corrected.estimator_.predict_proba(X)[:, 1].mean()
    >>> fixed = corrected.predict_proba(X)[:, 1].mean()
    >>> round(float(raw), 2), round(float(fixed), 2)
    (0.36, 0.1)
    """

    def __init__(
        self,
        estimator: Any,
        *,
        target_prior: str | ArrayLike | PrevalenceEstimate = "original",
    ) -> None:
        self.estimator = estimator
        self.target_prior = target_prior

    def fit(
        self, X: ArrayLike, y: ArrayLike, **fit_params: Any
    ) -> PriorCorrectedClassifier:
        """Fit the classifier and learn the training and original class ratios.

        ``fit_params`` go to the classifier's (or pipeline's) ``fit``.
        """
        func = "PriorCorrectedClassifier.fit"
        if not hasattr(self.estimator, "predict_proba"):
            raise TypeError(
                param_error(
                    func,
                    "estimator",
                    "a classifier with predict_proba (the probabilities to correct)",
                    type(self.estimator).__name__,
                    "Wrap it in sklearn.calibration.CalibratedClassifierCV first.",
                )
            )
        y = check_X_y(X, y, func)
        self.estimator_ = clone(self.estimator).fit(X, y, **fit_params)
        self.classes_ = np.asarray(self.estimator_.classes_)
        self.original_prior_ = self._shares(y)
        self.train_prior_ = self._shares(_resampled_labels(self.estimator_, X, y))
        self.target_prior_ = self._target(func)
        return self

    def _shares(self, y):
        codes = np.searchsorted(self.classes_, np.asarray(y))
        counts = np.bincount(codes, minlength=len(self.classes_))
        return counts / counts.sum()

    def _target(self, func):
        target = self.target_prior
        if isinstance(target, str) and target == "original":
            return self.original_prior_
        if isinstance(target, PrevalenceEstimate):
            if target.labels.tolist() != self.classes_.tolist():
                rule = f"an estimate for the classes {self.classes_.tolist()!r}"
                raise ValueError(param_error(func, "target_prior", rule, target))
            target = target.priors
        if isinstance(target, str) or not (
            is_real(target) or hasattr(target, "__len__")
        ):
            rule = "'original', a float, a sequence of priors or a PrevalenceEstimate"
            raise TypeError(param_error(func, "target_prior", rule, target))
        return _check_prior(
            target, len(self.classes_), "target_prior", func, open_interval=False
        )

    def predict_proba(self, X: ArrayLike) -> FloatArray:
        """The model's probabilities, moved to ``target_prior_``."""
        check_is_fitted(self, "estimator_")
        return correct_probabilities(
            self.estimator_.predict_proba(X),
            train_prior=self.train_prior_,
            target_prior=self.target_prior_,
        )

    def predict_log_proba(self, X: ArrayLike) -> FloatArray:
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))

    def predict(self, X: ArrayLike) -> npt.NDArray[Any]:
        """The most probable class of the corrected probabilities."""
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]
