"""Weka's ``J48`` (C4.5 release 8) with its defaults ``-C 0.25 -M 2``.

The rules, each from the Weka source file it follows (Weka 3.6,
``weka/classifiers/trees/J48.java`` and ``weka/classifiers/trees/j48/``;
checked against the 3.6 jar by ``tests/study/test_weka_j48.py``; on the study's
5 x 10 folds of Breast, Glass and Satimage the test-fold counts and the
printed trees are Weka's on 150 of 150, and with Weka's SMOTE first on 160
of 160 tried). The distributions, criteria and split searches are in
:mod:`~imbascore.study._weka.j48_split`.

* ``C45ModelSelection.selectModel``: a node is a leaf when it weighs less
  than ``2 * M`` or holds one class only. Otherwise each attribute gets its
  best split (``C45Split``: one branch per value of a nominal attribute, a
  binary cut of a numeric one, whose gain loses the MDL correction
  ``log2(number of candidate cuts) / node weight``); among the attributes
  whose gain is at least the average gain of the usable splits less 1e-3,
  the first largest gain ratio (by more than 1e-6) wins. A nominal attribute
  counts in the average only if some attribute is numeric, or it has fewer
  values than 0.3 times the training instances, or every attribute has many.
* ``C45ModelSelection.selectModel`` and ``Distribution.addInstWithUnknown``:
  instances with the attribute missing are added to the chosen split's
  distribution, spread over its branches in proportion;
  ``C45Split.setSplitPoint``: a numeric split point moves to the largest
  value of the whole training data at or below it, within 1e-6 (so a value
  a rounding error above the midpoint counts as below it).
* ``ClassifierSplitModel.split``: an instance with a missing value goes to
  every branch of positive weight, its weight times the branch's share.
* ``C45PruneableClassifierTree.buildClassifier``: the tree is grown in full,
  then ``collapse`` (a subtree that makes no fewer training errors than its
  root as a leaf, within 1e-3, becomes that leaf), then ``prune``: bottom up,
  a node becomes a leaf if the leaf's estimated errors (``Stats.addErrs``,
  the upper limit of the confidence interval of C4.5 at ``CF = 0.25``) are
  at most those of the subtree + 0.1 and of its largest branch + 0.1; else
  the largest branch replaces the node (subtree raising) if its estimated
  errors on all of the node's instances are at most the subtree's + 0.1,
  the node's instances are sent down it again and it is pruned anew.
* ``ClassifierTree.getProbs`` (J48 ``distributionForInstance`` with
  ``useLaplace`` false): the class frequencies of the leaf an instance
  reaches; one with a missing value takes the branches' distributions
  weighted by the branches' shares; an empty leaf answers with its parent's
  branch distribution. The prediction is the first most probable class
  (``weka.classifiers.Evaluation`` takes the first largest probability).
  A leaf that subtree raising left without training weight answers zeros
  for every class, as in Weka, whose Evaluation then counts the instance
  as unclassified; ``predict`` gives it the first class.

Where the weights are fractional (missing values), a node's instances are
summed in our order, not in the order Weka's quicksort leaves them, which
can change a sum in its last bit (see :mod:`~imbascore.study._weka.j48_split`).
"""

from numbers import Integral

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from .data import check_param, keep_params, start_fit, start_predict
from .j48_split import (
    SMALL,
    Distribution,
    add_errs,
    eq,
    gr,
    nominal_split,
    numeric_splits,
    sequential_sum,
    sm,
    sm_or_eq,
)

__all__ = ["WekaJ48Classifier"]


class _Node:
    """A ``C45PruneableClassifierTree``: its model, sons and training data."""

    __slots__ = ("split", "distribution", "sons", "is_leaf", "is_empty", "rows", "w")

    def __init__(self):
        self.split = None  # a j48_split.Split, None for Weka's NoSplit
        self.distribution = None
        self.sons = None
        self.is_leaf = False
        self.is_empty = False
        self.rows = None
        self.w = None


class _Builder:
    """The tree's growing, collapsing and pruning over one training set."""

    def __init__(self, X, y, nominal, n_values, n_classes, min_no_obj, cf, raising):
        self.X = X
        self.y = y
        self.nominal = nominal
        self.n_values = n_values
        self.n_classes = n_classes
        self.min_no_obj = min_no_obj
        self.cf = np.float32(cf)
        self.raising = raising
        self.numeric = np.flatnonzero(~nominal)
        # C45ModelSelection: m_allData, the whole training set.
        self.n_all = len(X)
        # C45ModelSelection.selectModel: are all attributes nominal with many
        # values (>= 0.3 * the training instances)?
        self.multi_val = all(
            nominal[a] and not sm(n_values[a], 0.3 * self.n_all)
            for a in range(X.shape[1])
        )

    # --- growing: ClassifierTree.buildTree, C45ModelSelection.selectModel ---

    def build(self, rows, w):
        node = _Node()
        node.rows, node.w = rows, w  # buildTree(data, keepData = true)
        split, distribution = self.select_model(rows, w)
        if split is not None:
            node.split, node.distribution = split, split.distribution
            node.sons = [self.build(r, s) for r, s in self.split_data(split, rows, w)]
        else:
            node.distribution = distribution
            node.is_leaf = True
            node.is_empty = eq(sequential_sum(w), 0)
        return node

    def select_model(self, rows, w):
        y = self.y[rows]
        check = Distribution.of(y, w, self.n_classes)
        if sm(check.total, 2 * self.min_no_obj) or eq(
            check.total, check.per_class[check.max_class()]
        ):
            return None, check  # NoSplit(checkDistribution)
        sum_of_weights = sequential_sum(w)  # Instances.sumOfWeights
        values = self.X[rows]
        numeric = iter(
            numeric_splits(
                self.numeric,
                values[:, self.numeric],
                y,
                w,
                self.n_classes,
                self.min_no_obj,
                sum_of_weights,
            )
        )
        models = []
        average, valid = 0.0, 0
        for attribute in range(self.X.shape[1]):
            if self.nominal[attribute]:
                model = nominal_split(
                    attribute,
                    int(self.n_values[attribute]),
                    values[:, attribute],
                    y,
                    w,
                    self.n_classes,
                    self.min_no_obj,
                    sum_of_weights,
                )
            else:
                model = next(numeric)
            models.append(model)
            if model.n_subsets > 0 and (
                not self.nominal[attribute]
                or self.multi_val
                or sm(self.n_values[attribute], 0.3 * self.n_all)
            ):
                average = average + model.info_gain
                valid += 1
        if valid == 0:
            return None, check
        average = average / valid
        best, min_result = None, 0.0
        for model in models:
            # "Use 1E-3 here to get a closer approximation to the original
            # implementation."
            if (
                model.n_subsets > 0
                and model.info_gain >= average - 1e-3
                and gr(model.gain_ratio, min_result)
            ):
                best, min_result = model, model.gain_ratio
        if eq(min_result, 0):
            return None, check
        values = self.X[rows, best.attribute]
        missing = np.isnan(values)
        best.distribution.add_unknown(y[missing], w[missing])
        if not best.nominal:
            best.split_point = self.set_split_point(best.attribute, best.split_point)
        return best, best.distribution

    def set_split_point(self, attribute, point):
        """C45Split.setSplitPoint: the largest training value at or below the
        point, both comparisons within 1e-6 (Utils.gr, Utils.smOrEq), in the
        order of the training data: a value up to 1e-6 above the midpoint
        counts as below it."""
        column = self.X[:, attribute]
        below = column[~np.isnan(column) & (column - point < SMALL)]
        if len(below) == 0:
            return -np.finfo(float).max
        top = below.max()
        rest = below[below < top]
        if len(rest) == 0 or top - rest.max() > SMALL:
            return float(top)  # the scan below ends at the largest value
        new_point = -np.finfo(float).max
        for value in below.tolist():
            if value - new_point > SMALL:
                new_point = value
        return new_point

    def split_data(self, split, rows, w, distribution=None):
        """ClassifierSplitModel.split: each branch's rows and weights, in order."""
        subset = split.which_subset(self.X[rows, split.attribute])
        missing = subset < 0
        dist = split.distribution if distribution is None else distribution
        shares = [b / dist.total for b in dist.per_bag.tolist()]
        parts = []
        for j in range(split.n_subsets):
            if missing.any() and gr(shares[j], 0):
                mask = (subset == j) | missing
                weights = np.where(missing, shares[j] * w, w)
            else:
                mask = subset == j
                weights = w
            parts.append((rows[mask], weights[mask]))
        return parts

    def reset_distribution(self, node, rows, w):
        """C45Split.resetDistribution (known instances by branch, then the
        missing ones spread) or ClassifierSplitModel's for a leaf's NoSplit."""
        y = self.y[rows]
        if node.split is None:
            return Distribution.of(y, w, self.n_classes)
        split = node.split
        subset = split.which_subset(self.X[rows, split.attribute])
        known = subset >= 0
        dist = Distribution.from_entries(
            subset[known], y[known], w[known], split.n_subsets, self.n_classes
        )
        dist.add_unknown(y[~known], w[~known])
        return dist

    # --- C45PruneableClassifierTree.collapse ---

    def training_errors(self, node):
        if node.is_leaf:
            return node.distribution.num_incorrect()
        errors = 0.0
        for son in node.sons:
            errors = errors + self.training_errors(son)
        return errors

    def make_leaf(self, node):
        node.sons = None
        node.is_leaf = True
        node.split = None
        node.distribution = node.distribution.merged()  # NoSplit(distribution)

    def collapse(self, node):
        if node.is_leaf:
            return
        if self.training_errors(node) >= node.distribution.num_incorrect() - 1e-3:
            self.make_leaf(node)
        else:
            for son in node.sons:
                self.collapse(son)

    # --- C45PruneableClassifierTree.prune ---

    def errors_for_distribution(self, dist):
        if eq(dist.total, 0):
            return 0.0
        wrong = dist.num_incorrect()
        return wrong + add_errs(dist.total, wrong, self.cf)

    def estimated_errors(self, node):
        if node.is_leaf:
            return self.errors_for_distribution(node.distribution)
        errors = 0.0
        for son in node.sons:
            errors = errors + self.estimated_errors(son)
        return errors

    def errors_for_branch(self, node, rows, w):
        if node.is_leaf:
            return self.errors_for_distribution(
                Distribution.of(self.y[rows], w, self.n_classes)
            )
        dist = self.reset_distribution(node, rows, w)
        errors = 0.0
        parts = self.split_data(node.split, rows, w, dist)
        for son, (r, s) in zip(node.sons, parts):
            errors = errors + self.errors_for_branch(son, r, s)
        return errors

    def new_distribution(self, node, rows, w):
        node.distribution = self.reset_distribution(node, rows, w)
        if node.split is not None:
            node.split.distribution = node.distribution
        node.rows, node.w = rows, w
        if not node.is_leaf:
            parts = self.split_data(node.split, rows, w)
            for son, (r, s) in zip(node.sons, parts):
                self.new_distribution(son, r, s)
        elif not eq(sequential_sum(w), 0):
            node.is_empty = False

    def prune(self, node):
        if node.is_leaf:
            return
        for son in node.sons:
            self.prune(son)
        largest = node.distribution.max_bag()
        if self.raising:
            errors_largest = self.errors_for_branch(
                node.sons[largest], node.rows, node.w
            )
        else:
            errors_largest = np.finfo(float).max
        errors_leaf = self.errors_for_distribution(node.distribution)
        errors_tree = self.estimated_errors(node)
        if sm_or_eq(errors_leaf, errors_tree + 0.1) and sm_or_eq(
            errors_leaf, errors_largest + 0.1
        ):
            self.make_leaf(node)
            return
        if sm_or_eq(errors_largest, errors_tree + 0.1):
            branch = node.sons[largest]
            node.sons = branch.sons
            node.split = branch.split
            node.distribution = branch.distribution
            node.is_leaf = branch.is_leaf
            self.new_distribution(node, node.rows, node.w)
            self.prune(node)


def _cf_range(value):
    return 0 < value <= 0.5


class WekaJ48Classifier(ClassifierMixin, BaseEstimator):
    """The C4.5 decision tree as Weka's ``J48`` builds it (``-C 0.25 -M 2``).

    Takes the raw features: numeric columns as they are (split by binary
    cuts), nominal columns as integer codes (one branch per value); NaN is a
    missing value, handled with fractional instances as Weka does.

    Parameters
    ----------
    confidence_factor : float, default=0.25
        Weka's ``-C``: the confidence of the pruning's error estimate (a Java
        float), in (0, 0.5].

    min_num_obj : int, default=2
        Weka's ``-M``: the least weight in at least two branches of a split.

    unpruned : bool, default=False
        Weka's ``-U``: no pruning (the tree is still collapsed, as Weka 3.6
        does).

    subtree_raising : bool, default=True
        Weka's ``-S`` unset: pruning may replace a node by its largest branch.

    categorical_features : array-like of int or bool, default=None
        Positions (or a boolean mask) of the nominal columns, which hold
        integer codes. None: every column is numeric.

    n_categories : array-like of int, default=None
        Values of each nominal column (Weka's ARFF header); None: one more
        than the largest code seen in ``fit``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels, in the order of Weka's class attribute.
    n_leaves_ : int
        Weka's "Number of Leaves".
    tree_size_ : int
        Weka's "Size of the tree" (nodes and leaves).
    n_features_in_ : int

    Examples
    --------
    >>> from imbascore.study import WekaJ48Classifier
    >>> X = [[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    >>> tree = WekaJ48Classifier().fit(X, [0, 0, 0, 0, 1, 1, 1, 1])
    >>> print(tree.weka_text())
    a0 <= 4: 0 (4.0)
    a0 > 4: 1 (4.0)
    >>> tree.predict([[3.5], [4.5]])
    array([0, 1])
    """

    def __init__(
        self,
        *,
        confidence_factor=0.25,
        min_num_obj=2,
        unpruned=False,
        subtree_raising=True,
        categorical_features=None,
        n_categories=None,
    ):
        keep_params(self, locals())

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True  # NaN is Weka's missing value
        return tags

    def _more_tags(self):  # pragma: no cover - scikit-learn < 1.6
        return {"allow_nan": True}

    def _check_params(self):
        check_param(
            self, "confidence_factor", "a float in the range (0, 0.5]", _cf_range
        )
        check_param(self, "min_num_obj", "a positive int", kind=Integral)

    def fit(self, X, y):
        """Grow, collapse and prune the tree as Weka does; return self."""
        X, codes = start_fit(self, X, y, allow_nan=True)  # NaN: missing
        builder = _Builder(
            X,
            codes.astype(np.int64),
            self.nominal_,
            self.n_values_,
            len(self.classes_),
            int(self.min_num_obj),
            self.confidence_factor,
            bool(self.subtree_raising),
        )
        root = builder.build(np.arange(len(X)), np.ones(len(X)))
        builder.collapse(root)  # Weka 3.6 always collapses
        if not self.unpruned:
            builder.prune(root)
        _cleanup(root)
        self.tree_ = root
        self.n_leaves_ = _count(root, leaves=True)
        self.tree_size_ = _count(root, leaves=False)
        return self

    def predict_proba(self, X):
        """Weka's ``distributionForInstance``: the leaves' class frequencies."""
        X = start_predict(self, X, allow_nan=True)
        return _probs(self.tree_, X, np.ones(len(X)), len(self.classes_))

    def predict(self, X):
        """The first most probable class, as Weka's Evaluation takes it."""
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]

    def weka_text(self, feature_names=None, class_names=None):
        """The tree as Weka prints it under "J48 pruned tree".

        ``feature_names`` default to ``a0, a1, ...``; nominal values and
        classes print as their codes and labels.
        """
        check_is_fitted(self)
        if feature_names is None:
            feature_names = [f"a{i}" for i in range(self.n_features_in_)]
        if class_names is None:
            class_names = [_label(c) for c in self.classes_]
        if self.tree_.is_leaf:
            return ": " + _dump_label(self.tree_.distribution, 0, class_names)
        lines = []
        _dump_tree(self.tree_, 0, lines, feature_names, class_names)
        return "\n".join(lines)


def _label(value):
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return str(int(value))
    return str(value)


def _cleanup(node):
    """ClassifierTree.cleanup: the training data is no longer kept."""
    node.rows = node.w = None
    if not node.is_leaf:
        for son in node.sons:
            _cleanup(son)


def _count(node, *, leaves):
    """ClassifierTree.numLeaves / numNodes."""
    if node.is_leaf:
        return 1
    return int(not leaves) + sum(_count(son, leaves=leaves) for son in node.sons)


def _probs(node, X, weight, n_classes):
    """ClassifierTree.getProbs for a block of rows, all classes at once."""
    if node.is_leaf:
        # NoSplit.classProb: the leaf's Distribution.prob.
        return weight[:, None] * node.distribution.probs()[None, :]
    split = node.split
    subset = split.which_subset(X[:, split.attribute])
    out = np.zeros((len(X), n_classes))
    for j, son in enumerate(node.sons):
        mine = subset == j
        if not mine.any():
            continue
        if son.is_empty:
            # C45Split.classProb(classIndex, instance, j) of the parent.
            probs = node.distribution.bag_probs(j)
            out[mine] = weight[mine, None] * probs[None, :]
        else:
            out[mine] = _probs(son, X[mine], weight[mine], n_classes)
    missing = subset < 0
    if missing.any():
        shares = split.weights()
        total = np.zeros((int(missing.sum()), n_classes))
        for j, son in enumerate(node.sons):
            if not son.is_empty:
                total = total + _probs(
                    son, X[missing], shares[j] * weight[missing], n_classes
                )
        out[missing] = total
    return out


def _java_double(value):
    """Java's ``"" + double`` for the values Weka rounds to two decimals."""
    text = repr(float(value))
    if "e" in text or "E" in text:
        mantissa, exponent = f"{float(value):.16E}".split("E")
        mantissa = repr(float(mantissa))
        return f"{mantissa}E{int(exponent)}"
    return text


def _round2(value):
    """Utils.roundDouble(value, 2): Math.rint(value * 100) / 100."""
    return float(np.rint(value * 100.0)) / 100.0


def _double_to_string(value, digits=6):
    """Utils.doubleToString(value, 6): rounded half up, trailing zeros cut."""
    scaled = value * 10.0**digits
    whole = int(scaled + 0.5) if scaled > 0 else -int(abs(scaled) + 0.5)
    sign = "-" if whole < 0 else ""
    text = str(abs(whole)).rjust(digits + 1, "0")
    text = f"{text[:-digits]}.{text[-digits:]}".rstrip("0").rstrip(".")
    return sign + text if text != "0" else "0"


def _dump_label(dist, bag, class_names):
    """ClassifierSplitModel.dumpLabel: class (weight/errors) of a branch."""
    weight = _java_double(_round2(dist.per_bag[bag]))
    text = f"{class_names[dist.max_class(bag)]} ({weight}"
    wrong = dist.num_incorrect(bag)
    if gr(wrong, 0):
        text += "/" + _java_double(_round2(wrong))
    return text + ")"


def _dump_tree(node, depth, lines, feature_names, class_names):
    """ClassifierTree.dumpTree and C45Split.leftSide/rightSide."""
    split = node.split
    name = feature_names[split.attribute]
    for i, son in enumerate(node.sons):
        if split.nominal:
            side = f" = {i}"
        else:
            side = (" <= " if i == 0 else " > ") + _double_to_string(split.split_point)
        line = "|   " * depth + name + side
        if son.is_leaf:
            lines.append(line + ": " + _dump_label(node.distribution, i, class_names))
        else:
            lines.append(line)
            _dump_tree(son, depth + 1, lines, feature_names, class_names)
