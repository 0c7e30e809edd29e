"""Run datasets x resamplers x classifiers under repeated stratified k-fold CV.

Every fold is one task: build the pipeline (one-hot + min-max scaling, the
resampler, the classifier; the Weka estimators take the raw features, a
Weka resampler comes first), fit it on the training fold, predict the test
fold and keep its four confusion counts. Resampling sits inside an imblearn
``Pipeline``, so it touches training folds only. Tasks are independent and
seeded from ``(random_state, repeat, fold)`` alone, so the result does not
depend on ``n_jobs``, the joblib backend or the order of execution.
"""

import time
import warnings
from contextlib import ExitStack
from dataclasses import dataclass

import joblib
import numpy as np
from imblearn.over_sampling import SMOTE, SMOTEN, SMOTENC
from imblearn.pipeline import Pipeline
from sklearn.base import clone
from sklearn.compose import ColumnTransformer
from sklearn.model_selection import RepeatedStratifiedKFold
from sklearn.preprocessing import MinMaxScaler, OneHotEncoder

from .. import confusion_counts
from ..datasets import CODINGS, list_datasets, load_dataset
from ._estimators import CLASSIFIERS, SAMPLERS, make_classifier, make_sampler
from ._progress import TimeLeft, fold_cost
from ._public import install_hint

__all__ = ["CELL", "COLUMNS", "PreparedData", "prepare_data", "run_study"]

#: Columns of the per-fold result, in order.
COLUMNS = [
    "dataset",
    "sampler",
    "classifier",
    "repeat",
    "fold",
    "tp",
    "fn",
    "fp",
    "tn",
    "n_train",
    "fit_time",
    "predict_time",
    "score_time",
    "fit_warnings",
    "fit_warning_kinds",
]

#: The columns that identify a cell of the study.
CELL = COLUMNS[:3]


@dataclass(frozen=True)
class PreparedData:
    """A dataset as float features (categorical columns as integer codes)."""

    name: str
    X: np.ndarray
    y: np.ndarray
    categorical: tuple  # column positions
    n_categories: tuple  # categories per categorical column

    @property
    def n_inputs(self):
        """Number of features after one-hot encoding."""
        return self.X.shape[1] - len(self.categorical) + sum(self.n_categories)


def prepare_data(dataset, *, coding="papers"):
    """Turn a dataset name, or ``(name, X, y)``, into :class:`PreparedData`.

    A name is loaded by :func:`~imbascore.datasets.load_dataset` with
    ``coding`` (default ``"papers"``: Breast's and German's categorical
    values as the numbers the papers gave Weka, so that they are numeric
    attributes, scaled like the others). For ``(name, X, y)``, the
    categorical columns are the non-numeric columns of a DataFrame ``X``;
    ``y`` must hold 0 and 1 (1 = positive); ``coding`` does not apply.
    """
    import pandas as pd

    if isinstance(dataset, str):
        bunch = load_dataset(dataset, coding=coding)
        name, frame, y = bunch.name, bunch.data, bunch.target
    elif isinstance(dataset, tuple) and len(dataset) == 3:
        name, frame, y = dataset
        frame = pd.DataFrame(frame)
        y = np.asarray(y)
    else:
        raise TypeError(
            "Each dataset must be a name among imbascore.datasets.list_datasets() "
            f"or a tuple (name, X, y). Got {dataset!r} instead."
        )
    if not set(np.unique(y).tolist()) <= {0, 1} or len(np.unique(y)) != 2:
        raise ValueError(
            f"The target of dataset {name!r} must hold both 0 and 1 (1 = the "
            f"positive class). Got the values {np.unique(y).tolist()[:10]}."
        )
    categorical, n_categories, columns = [], [], []
    for position, column in enumerate(frame.columns):
        values = frame[column]
        if pd.api.types.is_numeric_dtype(values) and not isinstance(
            values.dtype, pd.CategoricalDtype
        ):
            columns.append(values.to_numpy(dtype=float))
            continue
        codes, uniques = pd.factorize(values, sort=True)
        categorical.append(position)
        n_categories.append(len(uniques))
        columns.append(codes.astype(float))
    X = np.column_stack(columns) if columns else np.empty((len(y), 0))
    if np.isnan(X).any():
        raise ValueError(f"Dataset {name!r} has missing values; impute them first.")
    return PreparedData(
        name, X, y.astype(np.int64), tuple(categorical), tuple(n_categories)
    )


def _preprocessor(data):
    """Weka's NominalToBinary and Normalize: one-hot, then min-max to [0, 1]."""
    numeric = [i for i in range(data.X.shape[1]) if i not in data.categorical]
    encoder = OneHotEncoder(
        categories=[np.arange(k, dtype=float) for k in data.n_categories],
        handle_unknown="ignore",
        sparse_output=False,
    )
    return ColumnTransformer(
        [
            ("onehot", encoder, list(data.categorical)),
            ("scale", MinMaxScaler(), numeric),
        ]
    )


def _named(choices, table, kind):
    """``{name: str or estimator}`` from a list of names/objects or a dict."""
    if isinstance(choices, str):
        choices = [choices]
    if isinstance(choices, dict):
        named = dict(choices)
    else:
        named = {}
        for choice in choices:
            key = choice if isinstance(choice, str) else type(choice).__name__
            if key in named:
                raise ValueError(
                    f"Two {kind}s are named {key!r}; pass a dict of names instead."
                )
            named[key] = choice
    if not named:
        raise ValueError(f"The {kind}s must not be empty.")
    for key, choice in named.items():
        if isinstance(choice, str) and choice not in table:
            raise ValueError(
                f"The {kind} {choice!r} is not one of {sorted(table)}; pass an "
                "estimator object for anything else."
            )
    return named


def _fold_seed(random_state, repeat, fold):
    return int(
        np.random.SeedSequence([random_state, repeat, fold]).generate_state(1)[0]
    )


def _takes_raw_features(estimator):
    """Whether an estimator reads the raw columns and is told the nominal ones.

    The Weka estimators (and imblearn's SMOTENC) take ``categorical_features``;
    they do their own scaling, as Weka's classifiers and filters do.
    """
    return estimator is not None and "categorical_features" in estimator.get_params()


def _tell_nominal(estimator, data):
    """Give a raw-feature estimator the dataset's nominal columns, unless set."""
    params = estimator.get_params()
    if params["categorical_features"] is None:
        estimator.set_params(categorical_features=list(data.categorical))
        if "n_categories" in params and params["n_categories"] is None:
            estimator.set_params(n_categories=list(data.n_categories))
    return estimator


def _on_raw_features(sampler, data):
    """imblearn's SMOTE moved before a raw-feature classifier: SMOTENC if nominal."""
    if type(sampler) is not SMOTE or not data.categorical:
        return sampler
    options = {"k_neighbors": sampler.k_neighbors, "random_state": sampler.random_state}
    if len(data.categorical) == data.X.shape[1]:
        return SMOTEN(**options)
    return SMOTENC(categorical_features=list(data.categorical), **options)


def _pipeline(data, sampler, classifier, seed):
    """Resampler and classifier, with the preprocessing the classifier needs.

    scikit-learn classifiers get one-hot, min-max scaled features, and a
    resampler runs on those. Raw-feature estimators (the Weka ones) do their
    own preprocessing: a raw-feature resampler runs first, on the raw values,
    as Weka's FilteredClassifier filters the data before the classifier
    prepares it; before a raw-feature classifier every resampler does.
    """
    sampler = (
        make_sampler(sampler, seed) if isinstance(sampler, str) else clone(sampler)
    )
    if isinstance(classifier, str):
        classifier = make_classifier(classifier, data.n_inputs, seed)
    else:
        classifier = clone(classifier)
    raw_classifier = _takes_raw_features(classifier)
    if raw_classifier:
        _tell_nominal(classifier, data)
        if sampler is not None and not _takes_raw_features(sampler):
            sampler = _on_raw_features(sampler, data)
    steps = []
    if _takes_raw_features(sampler):
        steps.append(("resample", _tell_nominal(sampler, data)))
        sampler = None
    if not raw_classifier:
        steps.append(("prepare", _preprocessor(data)))
    if sampler is not None:
        steps.append(("resample", sampler))
    steps.append(("classify", classifier))
    return Pipeline(steps)


def _run_fold(data, cell, repeat, fold, train, test, seed):
    """Fit and predict one fold; return its row of counts and times."""
    key, (sampler, classifier) = cell
    pipeline = _pipeline(data, sampler, classifier, seed)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        start = time.perf_counter()
        pipeline.fit(data.X[train], data.y[train])
        fit_time = time.perf_counter() - start
    start = time.perf_counter()
    y_pred = pipeline.predict(data.X[test])
    predict_time = time.perf_counter() - start
    start = time.perf_counter()
    counts = confusion_counts(data.y[test], y_pred, labels=[0, 1])
    tn, fp, fn, tp = counts.matrix.ravel().tolist()
    score_time = time.perf_counter() - start
    # the fit's warning kinds, e.g. "ConvergenceWarning": what the console names
    kinds = ";".join(sorted({warning.category.__name__ for warning in caught}))
    # in the order of COLUMNS
    cell_fold = (*key, repeat, fold, tp, fn, fp, tn, len(train))
    times = (fit_time, predict_time, score_time)
    return dict(zip(COLUMNS, (*cell_fold, *times, len(caught), kinds)))


def _task_cost(data, cell, repeat, fold, train, test, seed):
    """A fold's expected cost (see :func:`fold_cost`)."""
    _, (sampler, classifier) = cell
    return fold_cost(
        classifier,
        sampler,
        n_train=len(train),
        n_positive=int(data.y[train].sum()),
        n_test=len(test),
        n_inputs=data.n_inputs,
    )


def _tasks(prepared, samplers, classifiers, cv, n_splits, random_state, skip):
    for data in prepared:
        splits = list(cv.split(data.X, data.y))
        for sampler_name, sampler in samplers.items():
            for classifier_name, classifier in classifiers.items():
                key = (data.name, sampler_name, classifier_name)
                if key in skip:
                    continue
                cell = (key, (sampler, classifier))
                for index, (train, test) in enumerate(splits):
                    repeat, fold = divmod(index, n_splits)
                    seed = _fold_seed(random_state, repeat, fold)
                    yield key, (data, cell, repeat, fold, train, test, seed)


def parallel_backend(stack, backend=None, scheduler=None):
    """Enter the joblib backend on ``stack``; a Dask scheduler's address gets
    a client first (``imbascore study --scheduler``)."""
    if scheduler is not None or backend == "dask":
        try:
            from distributed import Client
        except ImportError:
            raise ImportError(
                f"Running the study on Dask needs: {install_hint('distributed')}"
            ) from None
        if scheduler is not None:
            stack.enter_context(Client(scheduler))
        stack.enter_context(joblib.parallel_backend("dask"))
    elif backend is not None:
        stack.enter_context(joblib.parallel_backend(backend))


def run_study(
    datasets,
    samplers,
    classifiers,
    *,
    n_splits=10,
    n_repeats=5,
    random_state=0,
    n_jobs=None,
    progress=False,
    skip=(),
    on_cell_done=None,
    coding="papers",
    **deprecated,
):
    """Cross-validate every (dataset, resampler, classifier); keep each fold's counts.

    Parameters
    ----------
    datasets : list
        Names from :func:`imbascore.datasets.list_datasets`, or ``(name, X, y)``
        tuples with ``y`` in {0, 1} (1 = positive).

    samplers : list or dict
        Names (``"none"``, ``"smote"``, ``"undersample"``, ``"weka_smote"``;
        see ``SAMPLERS``) or imblearn resampler objects; a dict gives them
        names.

    classifiers : list or dict
        Names (``"1nn"``, ``"svm"``, ``"mlp"``, ``"nb"``, ``"tree"``, ``"rbf"``,
        ``"weka_1nn"``, ``"weka_svm"``, ``"weka_mlp"``; see ``CLASSIFIERS``) or
        estimator objects; a dict gives them names. An estimator with a
        ``categorical_features`` parameter (the Weka ones) gets the raw
        features and, if it is None, the dataset's nominal columns.

    n_splits, n_repeats : int, default=10, 5
        :class:`~sklearn.model_selection.RepeatedStratifiedKFold`: the papers'
        5x10-fold cross-validation. Every cell of a dataset uses the same
        folds, so that the comparisons are paired.

    random_state : int, default=0
        Seeds the folds and, per (repeat, fold), the named resamplers and
        classifiers. Objects passed in are cloned with their own settings.

    n_jobs : int, default=None
        Parallel folds, through joblib (``-1``: every core). As in
        scikit-learn, the backend is joblib's: on Dask, ``with
        distributed.Client(address), joblib.parallel_backend("dask"):
        run_study(...)``. Results are identical to a local run.

    progress : bool, default=False
        Show a tqdm progress bar of the folds.

    skip : collection of (dataset, sampler, classifier), default=()
        Cells not to run (already finished elsewhere).

    on_cell_done : callable, default=None
        Called with the DataFrame of each cell as soon as all its folds are
        done (the console command saves cells this way, to resume later).

    coding : {"papers", "nominal"}, default="papers"
        How the embedded datasets named in ``datasets`` code their categorical
        columns (see :func:`~imbascore.datasets.load_dataset`; only Breast and
        German have any). ``"papers"``, the default because this runs the
        papers' protocol: the numbers García et al. gave Weka, numeric
        attributes that IBk, SMO and the MLP scale like any other and SMOTE
        interpolates (real Weka on them comes within 0.05 of 11 of the 12
        Breast and German areas of García 2008, Table 3; nominal attributes
        4). ``"nominal"``: nominal attributes (one-hot for the scikit-learn
        estimators, nominal for the Weka ones). ``(name, X, y)`` tuples are
        taken as they are.

    backend : str, default=None
        Deprecated since 0.2, removed in 0.3: use ``joblib.parallel_backend``
        as ``n_jobs`` says. A joblib backend, e.g. ``"dask"`` (needs a running
        ``distributed.Client``, or ``scheduler``).

    scheduler : str, default=None
        Deprecated since 0.2, removed in 0.3: open a ``distributed.Client``
        as ``n_jobs`` says. Address of a Dask scheduler
        (``"tcp://host:8786"``); implies ``backend="dask"``.

    Returns
    -------
    results : pandas.DataFrame
        One row per fold; columns ``COLUMNS``: the cell, ``repeat``, ``fold``,
        the counts ``tp, fn, fp, tn`` of the test fold, the training fold's
        size (before resampling), fit/predict/score seconds, the number of
        warnings the fit raised and their kinds (``"ConvergenceWarning"`` for
        an MLP that did not converge; ``;``-separated, empty if none). Metrics
        are computed from the counts afterwards (see :func:`summarize`).

    Examples
    --------
    >>> from imbascore.study import run_study, summarize
    >>> folds = run_study(["glass"], ["none", "undersample"], ["1nn"],
    ...                   n_splits=5, n_repeats=1)
    >>> folds.shape
    (10, 15)
    >>> summarize(folds)[["gmean", "dominance"]].round(2)  # doctest: +SKIP
    """
    import pandas as pd

    backend, scheduler = _deprecated_backend(deprecated)
    for name, value in (("n_splits", n_splits), ("n_repeats", n_repeats)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(
                f"The {name!r} parameter of run_study must be a positive int. "
                f"Got {value!r} instead."
            )
    if n_splits < 2:
        raise ValueError(
            f"The 'n_splits' parameter of run_study must be at least 2. Got {n_splits}."
        )
    if not isinstance(coding, str) or coding not in CODINGS:
        raise ValueError(
            f"The 'coding' parameter of run_study must be one of {list(CODINGS)}. "
            f"Got {coding!r} instead."
        )
    if isinstance(datasets, str):
        datasets = [datasets]
    for dataset in datasets:
        if isinstance(dataset, str) and dataset not in list_datasets():
            raise ValueError(
                f"The dataset {dataset!r} is not one of {list_datasets()}."
            )
    samplers = _named(samplers, SAMPLERS, "sampler")
    classifiers = _named(classifiers, CLASSIFIERS, "classifier")
    prepared = [prepare_data(dataset, coding=coding) for dataset in datasets]
    cv = RepeatedStratifiedKFold(
        n_splits=n_splits, n_repeats=n_repeats, random_state=random_state
    )
    skip = {tuple(cell) for cell in skip}
    tasks = list(
        _tasks(prepared, samplers, classifiers, cv, n_splits, random_state, skip)
    )

    rows, current, current_rows = [], None, []
    if not tasks:  # every cell skipped
        return pd.DataFrame(rows, columns=COLUMNS)
    with ExitStack() as stack:
        parallel_backend(stack, backend, scheduler)
        if progress:
            from tqdm.auto import tqdm

            # tqdm's own estimate of the time left follows the rate of folds;
            # the folds' costs differ a thousandfold: ours follows their costs.
            costs = [_task_cost(*arguments) for _, arguments in tasks]
            left = TimeLeft(costs)
            bar = stack.enter_context(
                tqdm(
                    total=len(tasks),
                    unit="fold",
                    bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} folds "
                    "[{elapsed}{postfix}]",
                )
            )
            start = time.perf_counter()
        # max_nbytes=None: the data sets are small, and without memory-mapped
        # copies an interrupted run leaves no files for joblib to warn about.
        outputs = joblib.Parallel(
            n_jobs=n_jobs, return_as="generator", max_nbytes=None
        )(joblib.delayed(_run_fold)(*arguments) for _, arguments in tasks)
        for index, ((key, _), row) in enumerate(zip(tasks, outputs)):
            if key != current and current_rows:
                _cell_done(current_rows, on_cell_done)
                current_rows = []
            current = key
            current_rows.append(row)
            rows.append(row)
            if progress:
                now = time.perf_counter() - start
                left.advance(costs[index], elapsed=now)
                seconds = left.seconds(now)
                # no estimate before FIRST_SHARE of the cost is done
                shown = (
                    "time left: estimating"
                    if seconds is None
                    else f"{tqdm.format_interval(seconds)} left"
                )
                bar.set_postfix_str(f"{shown}, {'/'.join(key)}", refresh=False)
                bar.update()
        if current_rows:
            _cell_done(current_rows, on_cell_done)
    return pd.DataFrame(rows, columns=COLUMNS)


def _deprecated_backend(options):
    """``(backend, scheduler)`` of run_study's deprecated keywords, warned of."""
    unknown = sorted(set(options) - {"backend", "scheduler"})
    if unknown:
        raise TypeError(
            f"run_study() got an unexpected keyword argument {unknown[0]!r}"
        )
    for name in options:
        warnings.warn(
            f"run_study's {name!r} is deprecated since 0.2 and will be removed "
            "in 0.3: run it inside `with distributed.Client(address), "
            "joblib.parallel_backend(...):` instead",
            FutureWarning,
            stacklevel=3,
        )
    return options.get("backend"), options.get("scheduler")


def _cell_done(rows, on_cell_done):
    if on_cell_done is not None:
        import pandas as pd

        on_cell_done(pd.DataFrame(rows, columns=COLUMNS))
