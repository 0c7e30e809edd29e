"""What the Weka estimators share: input checks and Weka's nominal attributes.

Weka's ARFF header says which attributes are nominal and how many values
each may take; the estimators here take the same information as
``categorical_features`` (positions or a boolean mask) and ``n_categories``
(values per nominal column, the header's count), with nominal values coded
``0 .. k - 1`` in the header's order.
"""

import importlib
import numbers

import numpy as np

__all__ = [
    "check_fitted_X",
    "check_nominal",
    "check_param",
    "keep_params",
    "nominal_to_binary",
    "numba_kernels",
    "positive",
    "start_fit",
    "start_predict",
    "validate_X",
    "validate_X_y",
]


def numba_kernels(module, message):
    """The compiled kernels ``module`` of this folder, or an ImportError whose
    ``message`` names the extra when numba (and only numba) is missing."""
    try:
        return importlib.import_module(f"{__package__}.{module}")
    except ImportError as error:
        if getattr(error, "name", None) not in (None, "numba") and not str(
            error
        ).startswith("No module named 'numba"):
            raise
        raise ImportError(message) from None


def keep_params(estimator, params):
    """Store ``__init__``'s arguments (its ``locals()``) unchanged, one
    attribute per parameter, as scikit-learn's ``get_params`` reads them."""
    for name, value in params.items():
        if name != "self":
            setattr(estimator, name, value)


def positive(value):
    return value > 0


def check_param(estimator, name, rule, ok=positive, kind=numbers.Real):
    """scikit-learn's message unless the parameter ``name`` is a ``kind`` (not
    a bool) that ``ok`` accepts; ``rule`` says what it must be."""
    value = getattr(estimator, name)
    if not isinstance(value, kind) or isinstance(value, bool) or not ok(value):
        raise ValueError(
            f"The '{name}' parameter of {type(estimator).__name__} must be {rule}. "
            f"Got {value!r} instead."
        )


def start_fit(estimator, X, y, allow_nan=False):
    """The start of a Weka classifier's ``fit``: scikit-learn's checks of X and
    y, the parameters' (``_check_params``), the nominal columns (``nominal_``,
    ``n_values_``) and the classes (``classes_``). Returns X and the class
    index of each row."""
    from sklearn.utils.multiclass import check_classification_targets

    X, y = validate_X_y(estimator, X, y, allow_nan)
    check_classification_targets(y)
    estimator._check_params()
    estimator.nominal_, estimator.n_values_ = check_nominal(
        np.nan_to_num(X) if allow_nan else X,
        estimator.categorical_features,
        estimator.n_categories,
        owner=type(estimator).__name__,
    )
    estimator.classes_, codes = np.unique(y, return_inverse=True)
    return X, codes


def start_predict(estimator, X, allow_nan=False):
    """The start of a fitted Weka classifier's prediction: X with the training
    columns and the nominal codes ``fit`` saw."""
    from sklearn.utils.validation import check_is_fitted

    check_is_fitted(estimator)
    X = validate_X(estimator, X, allow_nan)
    check_codes(
        np.nan_to_num(X) if allow_nan else X,
        estimator.nominal_,
        estimator.n_values_,
        owner=type(estimator).__name__,
    )
    return X


def check_fitted_X(estimator, X):
    """A fitted estimator's features: a float array of ``n_features_in_`` columns."""
    from sklearn.utils.validation import check_array, check_is_fitted

    check_is_fitted(estimator)
    X = check_array(X)
    if X.shape[1] != estimator.n_features_in_:
        raise ValueError(
            f"X has {X.shape[1]} features, but {type(estimator).__name__} was "
            f"fitted with {estimator.n_features_in_}."
        )
    return X


def _validate(estimator, *args, reset, allow_nan=False):
    """scikit-learn's own checks (``n_features_in_``, feature names) on 1.4 to
    1.9: float features, finite unless ``allow_nan`` (NaN: Weka's missing value)."""
    finite = "allow-nan" if allow_nan else True
    try:  # scikit-learn >= 1.6
        from sklearn.utils.validation import validate_data
    except ImportError:  # pragma: no cover - scikit-learn 1.4 and 1.5
        return estimator._validate_data(
            *args, reset=reset, dtype=np.float64, force_all_finite=finite
        )
    return validate_data(
        estimator, *args, reset=reset, dtype=np.float64, ensure_all_finite=finite
    )


def validate_X_y(estimator, X, y, allow_nan=False):
    """Float features and a 1-d target; sets ``n_features_in_``."""
    return _validate(estimator, X, y, reset=True, allow_nan=allow_nan)


def validate_X(estimator, X, allow_nan=False):
    """Float features with the columns seen in ``fit``."""
    return _validate(estimator, X, reset=False, allow_nan=allow_nan)


def check_nominal(X, categorical_features, n_categories, *, owner):
    """The nominal mask and the number of values of every column (0 if numeric).

    ``X`` holds the training features; codes of nominal columns must be
    integers in ``[0, k)``, ``k`` from ``n_categories`` (Weka's header) or,
    if it is None, one more than the largest code in ``X``.
    """
    n_features = X.shape[1]
    nominal = np.zeros(n_features, dtype=bool)
    features = np.asarray([] if categorical_features is None else categorical_features)
    if features.size:
        if features.dtype == bool:
            if features.shape != (n_features,):
                raise ValueError(
                    f"The 'categorical_features' parameter of {owner} as a boolean "
                    f"mask must have one entry per feature ({n_features}). Got "
                    f"{features.shape[0] if features.ndim else 0} instead."
                )
            nominal = features.copy()
        else:
            features = features.reshape(-1)
            if (
                not np.issubdtype(features.dtype, np.integer)
                or features.min() < -n_features
                or features.max() >= n_features
            ):
                raise ValueError(
                    f"The 'categorical_features' parameter of {owner} must hold "
                    f"column positions in [0, {n_features}) or a boolean mask. Got "
                    f"{categorical_features!r} instead."
                )
            nominal[features] = True
    columns = np.flatnonzero(nominal)
    n_values = np.zeros(n_features, dtype=np.int64)
    if n_categories is None:
        for column in columns:
            n_values[column] = int(X[:, column].max()) + 1 if len(X) else 1
    else:
        counts = list(n_categories)
        if len(counts) != len(columns) or not all(
            isinstance(k, numbers.Integral) and k >= 1 for k in counts
        ):
            raise ValueError(
                f"The 'n_categories' parameter of {owner} must give a positive int "
                f"for each of the {len(columns)} categorical features. Got "
                f"{n_categories!r} instead."
            )
        n_values[columns] = counts
    check_codes(X, nominal, n_values, owner=owner)
    return nominal, n_values


def check_codes(X, nominal, n_values, *, owner):
    """Refuse nominal values that are not codes ``0 .. k - 1``."""
    for column in np.flatnonzero(nominal):
        codes = X[:, column]
        bad = (codes < 0) | (codes >= n_values[column]) | (codes != np.round(codes))
        if bad.any():
            raise ValueError(
                f"{owner}: the categorical feature {column} must hold integer codes "
                f"in [0, {n_values[column]}). Got {codes[bad][0]!r}."
            )


def nominal_to_binary(X, nominal, n_values):
    """Weka's unsupervised ``NominalToBinary`` with its defaults.

    ``weka/filters/unsupervised/attribute/NominalToBinary.java``
    (``setOutputFormat``, ``convertInstance``): a nominal attribute of at most
    two values stays one column holding its value index; one of ``k > 2``
    values becomes ``k`` 0/1 columns, in the place of the attribute.
    """
    blocks = []
    for column in range(X.shape[1]):
        values = X[:, column]
        if nominal[column] and n_values[column] > 2:
            codes = values.astype(np.int64)
            blocks.append(
                (codes[:, None] == np.arange(n_values[column])).astype(np.float64)
            )
        else:
            blocks.append(values[:, None])
    if not blocks:
        return np.empty((X.shape[0], 0))
    return np.hstack(blocks)
