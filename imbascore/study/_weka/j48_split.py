"""The parts of Weka's J48 below the tree: distributions, criteria, splits.

Each function follows the Weka 3.6 source file named in its docstring
(``weka/classifiers/trees/j48/*.java``; checked against the 3.6 jar by
``tests/study/test_weka_j48.py``). Instances are rows of the training data with a
weight each: a node's data is ``(rows, weights)``, in Weka's order, and an
instance with a missing value goes down every branch with a fraction of its
weight, as Weka's ``Instances`` copies do.

The sums are taken in Weka's order (``np.bincount`` and ``np.add.accumulate``
add one term after the other, as Java's loops do), so that with the unit
weights of data without missing values every count is exact and equal to
Weka's. With fractional weights the order of the instances inside a node
is ours (Weka's quicksort reorders a node's instances on each numeric
attribute), which can change sums in their last bit.
"""

import math

import numpy as np

from .statistics import p1evl, polevl

__all__ = [
    "Distribution",
    "add_errs",
    "nominal_split",
    "numeric_split",
    "numeric_splits",
]

# weka/core/Utils.java: SMALL, and the comparisons with that tolerance.
SMALL = 1e-6
# weka/classifiers/trees/j48/EntropyBasedSplitCrit.java (3.6): log2 = Math.log(2).
LOG2 = math.log(2)


def gr(a, b):
    """Utils.gr: a > b by more than 1e-6."""
    return a - b > SMALL


def gr_or_eq(a, b):
    """Utils.grOrEq: a >= b within 1e-6."""
    return b - a < SMALL


def sm(a, b):
    """Utils.sm: a < b by more than 1e-6."""
    return b - a > SMALL


def sm_or_eq(a, b):
    """Utils.smOrEq: a <= b within 1e-6."""
    return a - b < SMALL


def eq(a, b):
    """Utils.eq: equal within 1e-6."""
    return a - b < SMALL and b - a < SMALL


def log_func(num):
    """EntropyBasedSplitCrit.logFunc (Weka 3.6): ``num * ln(num) / ln(2)``, 0
    below 1e-6 (Weka 3.8's lnFunc leaves the division by ln 2 to the sums,
    which changes the last bits)."""
    if num < 1e-6:
        return 0.0
    return num * math.log(num) / LOG2


def _log_func_array(values):
    out = np.zeros_like(values)
    big = values >= 1e-6
    out[big] = values[big] * np.log(values[big]) / LOG2
    return out


def sequential_sum(weights):
    """A Java loop's ``sum += w``, one term after the other from 0."""
    if len(weights) == 0:
        return 0.0
    return float(np.add.accumulate(weights)[-1])


class Distribution:
    """``weka/classifiers/trees/j48/Distribution.java``: class weights per bag.

    ``per_class_per_bag``, ``per_bag``, ``per_class`` and ``total`` are kept
    as Weka keeps them, each accumulated on its own.
    """

    __slots__ = ("per_class_per_bag", "per_bag", "per_class", "total")

    def __init__(self, per_class_per_bag, per_bag, per_class, total):
        self.per_class_per_bag = per_class_per_bag
        self.per_bag = per_bag
        self.per_class = per_class
        self.total = total

    @classmethod
    def from_entries(cls, bags, y, weights, n_bags, n_classes):
        """Distribution.add(bag, instance) for each entry, in order."""
        bags = np.asarray(bags, dtype=np.int64)
        cells = np.bincount(
            bags * n_classes + y, weights=weights, minlength=n_bags * n_classes
        ).reshape(n_bags, n_classes)
        return cls(
            cells,
            np.bincount(bags, weights=weights, minlength=n_bags).astype(float),
            np.bincount(y, weights=weights, minlength=n_classes).astype(float),
            sequential_sum(weights),
        )

    @classmethod
    def of(cls, y, weights, n_classes):
        """Distribution(Instances): every instance in the one bag."""
        return cls.from_entries(
            np.zeros(len(y), dtype=np.int64), y, weights, 1, n_classes
        )

    def merged(self):
        """Distribution(Distribution toMerge): one bag of the class totals
        (what ``NoSplit`` keeps when a node becomes a leaf)."""
        return Distribution(
            self.per_class.copy()[None, :],
            np.array([self.total]),
            self.per_class.copy(),
            self.total,
        )

    @property
    def n_bags(self):
        return len(self.per_bag)

    def add_unknown(self, y_missing, w_missing):
        """Distribution.addInstWithUnknown: each instance whose split value is
        missing adds its weight to its class, spread over the bags in
        proportion to their weights before any was added."""
        n_bags = self.n_bags
        if eq(self.total, 0):
            probs = [1.0 / n_bags] * n_bags
        else:
            probs = [b / self.total for b in self.per_bag.tolist()]
        for label, weight in zip(y_missing.tolist(), w_missing.tolist()):
            self.per_class[label] += weight
            self.total += weight
            for j in range(n_bags):
                new_weight = probs[j] * weight
                self.per_class_per_bag[j, label] += new_weight
                self.per_bag[j] += new_weight

    def check(self, min_no_obj):
        """Distribution.check: at least two bags hold ``min_no_obj``."""
        return sum(gr_or_eq(b, min_no_obj) for b in self.per_bag.tolist()) > 1

    def max_bag(self):
        """Distribution.maxBag: the last of the heaviest bags (``>=``)."""
        best, index = 0.0, -1
        for i, weight in enumerate(self.per_bag.tolist()):
            if gr_or_eq(weight, best):
                best, index = weight, i
        return index

    def max_class(self, bag=None):
        """Distribution.maxClass: the first heaviest class (of a bag, unless
        it is empty: then of the whole distribution)."""
        if bag is None or not gr(self.per_bag[bag], 0):
            counts = self.per_class
        else:
            counts = self.per_class_per_bag[bag]
        best, index = 0.0, 0
        for i, weight in enumerate(counts.tolist()):
            if gr(weight, best):
                best, index = weight, i
        return index

    def num_incorrect(self, bag=None):
        """Distribution.numIncorrect: weight outside the majority class."""
        if bag is None:
            return self.total - self.per_class[self.max_class()]
        return self.per_bag[bag] - self.per_class_per_bag[bag, self.max_class(bag)]

    def probs(self):
        """Distribution.prob(classIndex) for every class: 0 if empty."""
        if eq(self.total, 0):
            return np.zeros_like(self.per_class)
        return self.per_class / self.total

    def bag_probs(self, bag):
        """Distribution.prob(classIndex, bag): the whole one if the bag is empty."""
        if gr(self.per_bag[bag], 0):
            return self.per_class_per_bag[bag] / self.per_bag[bag]
        return self.probs()


def old_ent(dist):
    """EntropyBasedSplitCrit.oldEnt: entropy of the class totals, times total."""
    value = 0.0
    for weight in dist.per_class.tolist():
        value = value + log_func(weight)
    return log_func(dist.total) - value


def new_ent(dist):
    """EntropyBasedSplitCrit.newEnt: the bags' entropies, weighted."""
    value = 0.0
    for bag in range(dist.n_bags):
        for weight in dist.per_class_per_bag[bag].tolist():
            value = value + log_func(weight)
        value = value - log_func(dist.per_bag[bag])
    return -value


def info_gain(dist, total_no_inst, old=None):
    """InfoGainSplitCrit.splitCritValue(bags, totalNoInst[, oldEnt]): the gain
    of the known instances, scaled by their share of the node's weight."""
    unknown_rate = (total_no_inst - dist.total) / total_no_inst
    numerator = (old_ent(dist) if old is None else old) - new_ent(dist)
    numerator = (1 - unknown_rate) * numerator
    if eq(numerator, 0):
        return 0.0
    return numerator / dist.total


def gain_ratio(dist, total_no_inst, numerator):
    """GainRatioSplitCrit.splitCritValue(bags, totalNoInst, numerator): the
    gain over the split entropy, the unknown instances a bag of their own."""
    value = 0.0
    no_unknown = total_no_inst - dist.total
    if gr(dist.total, 0):
        for weight in dist.per_bag.tolist():
            value = value - log_func(weight)
        value = value - log_func(no_unknown)
        value = value + log_func(total_no_inst)
    denominator = value
    if eq(denominator, 0):
        return 0.0
    return numerator / (denominator / total_no_inst)


class Split:
    """A C45Split model: the attribute, its test and its distribution."""

    __slots__ = (
        "attribute",
        "nominal",
        "n_subsets",
        "split_point",
        "distribution",
        "info_gain",
        "gain_ratio",
    )

    def __init__(self, attribute, nominal, n_subsets, split_point, distribution):
        self.attribute = attribute
        self.nominal = nominal
        self.n_subsets = n_subsets
        self.split_point = split_point
        self.distribution = distribution
        self.info_gain = 0.0
        self.gain_ratio = 0.0

    def which_subset(self, values):
        """C45Split.whichSubset: the nominal value, or 0 for ``<= splitPoint``
        (within 1e-6) and 1 above it; -1 where the value is missing."""
        missing = np.isnan(values)
        if self.nominal:
            subset = np.where(missing, -1, np.nan_to_num(values)).astype(np.int64)
        else:
            # Weka 3.6 compares with Utils.smOrEq: a value up to 1e-6 above
            # the split point goes left too (3.8 uses a plain <=).
            point = self.split_point
            subset = np.where((values - point < SMALL) | (values <= point), 0, 1)
        subset[missing] = -1
        return subset

    def weights(self):
        """C45Split.weights for a missing value: each bag's share of the weight."""
        dist = self.distribution
        return [b / dist.total for b in dist.per_bag.tolist()]


def nominal_split(
    attribute, n_values, values, y, weights, n_classes, min_no_obj, sum_of_weights
):
    """C45Split.handleEnumeratedAttribute: one bag per value of a nominal
    attribute (instances with a missing value left out), a model only if two
    bags hold ``minNoObj``; no MDL correction."""
    known = ~np.isnan(values)
    dist = Distribution.from_entries(
        values[known].astype(np.int64), y[known], weights[known], n_values, n_classes
    )
    split = Split(attribute, True, 0, None, dist)
    if dist.check(min_no_obj):
        split.n_subsets = n_values
        split.info_gain = info_gain(dist, sum_of_weights)
        split.gain_ratio = gain_ratio(dist, sum_of_weights, split.info_gain)
    return split


def numeric_split(attribute, values, y, weights, n_classes, min_no_obj, sum_of_weights):
    """C45Split.handleNumericAttribute for one attribute (see numeric_splits)."""
    return numeric_splits(
        [attribute],
        values[:, None],
        y,
        weights,
        n_classes,
        min_no_obj,
        sum_of_weights,
    )[0]


def numeric_splits(
    attributes, values, y, weights, n_classes, min_no_obj, sum_of_weights
):
    """C45Split.handleNumericAttribute: the best binary cut of each numeric attribute.

    ``values`` holds the node's columns of ``attributes``, NaN where missing.
    For each: the known values sorted; a cut between two neighbours more than
    1e-5 apart, kept if both sides weigh ``minSplit = 0.1 * known weight /
    numClasses`` clipped to ``[minNoObj, 25]``; the first cut whose gain
    beats the best so far by more than 1e-6 wins; the MDL correction
    ``log2(number of kept cuts) / node weight`` is taken off its gain; the
    split point is the midpoint of the cut (or its lower value, where the
    midpoint rounds to the upper one). The attributes are searched together,
    column by column of one array, with Weka's arithmetic in Weka's order.
    """
    n, n_columns = values.shape
    splits = [Split(a, False, 0, np.finfo(float).max, None) for a in attributes]
    if n < 2 or n_columns == 0:
        return splits
    # Instances.sort(attribute): missing values last, the known ones in order.
    order = np.argsort(values, axis=0, kind="stable")
    v = np.take_along_axis(values, order, axis=0)
    labels = y[order]
    w = np.where(np.isnan(v), 0.0, weights[order])  # missing: never counted
    first_miss = (~np.isnan(values)).sum(axis=0)
    # The distribution with every known instance in bag 1, then shifted to bag
    # 0 instance by instance (Distribution.add, Distribution.shiftRange): the
    # sums run in the sorted order, as Java's loops do.
    left_bag = np.add.accumulate(w, axis=0)
    total = left_bag[np.maximum(first_miss - 1, 0), np.arange(n_columns)]
    total = np.where(first_miss > 0, total, 0.0)
    right_bag = np.subtract.accumulate(np.vstack([total, w]), axis=0)[1:]
    left, right, per_class = [], [], []
    for label in range(n_classes):
        mine = np.where(labels == label, w, 0.0)
        cumulative = np.add.accumulate(mine, axis=0)
        known = cumulative[np.maximum(first_miss - 1, 0), np.arange(n_columns)]
        known = np.where(first_miss > 0, known, 0.0)
        per_class.append(known)
        left.append(cumulative[:-1])
        right.append(np.subtract.accumulate(np.vstack([known, mine]), axis=0)[1:-1])
    left_bag, right_bag = left_bag[:-1], right_bag[:-1]
    min_split = 0.1 * total / n_classes
    min_split = np.where(
        min_split - min_no_obj < SMALL,
        float(min_no_obj),
        np.where(min_split - 25 > SMALL, 25.0, min_split),
    )
    # Cuts after position k where v[k] + 1e-5 < v[k + 1] (False at a NaN).
    with np.errstate(invalid="ignore"):
        cut = v[:-1] + 1e-5 < v[1:]
    kept = cut & (min_split - left_bag < SMALL) & (min_split - right_bag < SMALL)
    n_index = kept.sum(axis=0)
    # InfoGainSplitCrit.splitCritValue(bags, totalNoInst, oldEnt), at every cut.
    entropy = np.zeros_like(left_bag)
    for cells, bag in ((left, left_bag), (right, right_bag)):
        for label in range(n_classes):
            entropy = entropy + _log_func_array(cells[label])
        entropy = entropy - _log_func_array(bag)
    entropy = -entropy
    with np.errstate(invalid="ignore", divide="ignore"):
        for j, split in enumerate(splits):
            if sm(first_miss[j], 2 * min_split[j]) or n_index[j] == 0:
                continue
            known = Distribution(None, None, np.array([c[j] for c in per_class]), 0.0)
            known.total = float(total[j])
            default_ent = old_ent(known)
            positions = np.flatnonzero(kept[:, j])
            unknown_rate = (sum_of_weights - known.total) / sum_of_weights
            numerator = (1 - unknown_rate) * (default_ent - entropy[positions, j])
            zero = (numerator < SMALL) & (-numerator < SMALL)
            gains = np.where(zero, 0.0, numerator / known.total)
            best_gain, split_index = _best_cut(positions, gains)
            _finish(
                split,
                best_gain,
                split_index,
                v[: first_miss[j], j],
                labels[: first_miss[j], j],
                w[: first_miss[j], j],
                n_index[j],
                n_classes,
                sum_of_weights,
            )
    return splits


def _best_cut(positions, gains):
    """The scan of handleNumericAttribute: a cut wins if its gain beats the
    best so far by more than 1e-6 (Utils.gr), in the order of the cuts.

    Only a strict running maximum can win (a gain more than 1e-6 above the
    best is above every gain before it), so the scan runs over those.
    """
    before = np.maximum.accumulate(np.concatenate([[-np.inf], gains[:-1]]))
    records = np.flatnonzero(gains > before)
    best_gain, split_index = 0.0, -1
    for position, gain in zip(positions[records].tolist(), gains[records].tolist()):
        if gain - best_gain > SMALL:
            best_gain, split_index = gain, position
    return best_gain, split_index


def _finish(split, gain, split_index, v, labels, w, n_index, n_classes, total_weight):
    """The MDL correction, the split point and the split's distribution."""
    gain = gain - math.log(n_index) / LOG2 / total_weight
    if sm_or_eq(gain, 0):
        return
    split.n_subsets = 2
    split.info_gain = gain
    point = (v[split_index + 1] + v[split_index]) / 2
    if point == v[split_index + 1]:
        point = v[split_index]
    split.split_point = float(point)
    # Distribution.addRange for bag 0, then bag 1.
    bags = (np.arange(len(v)) > split_index).astype(np.int64)
    dist = Distribution.from_entries(bags, labels, w, 2, n_classes)
    low = sequential_sum(w[: split_index + 1])
    high = sequential_sum(w[split_index + 1 :])
    dist.per_bag = np.array([low, high])
    dist.total = low + high
    split.distribution = dist
    split.gain_ratio = gain_ratio(dist, total_weight, gain)


# weka/core/Statistics.java, normalInverse (Cephes' ndtri).
_P0 = (
    -5.99633501014107895267e1,
    9.80010754185999661536e1,
    -5.66762857469070293439e1,
    1.39312609387279679503e1,
    -1.23916583867381258016e0,
)
_Q0 = (
    1.95448858338141759834e0,
    4.67627912898881538453e0,
    8.63602421390890590575e1,
    -2.25462687854119370527e2,
    2.00260212380060660359e2,
    -8.20372256168333339912e1,
    1.59056225126211695515e1,
    -1.18331621121330003142e0,
)
_P1 = (
    4.05544892305962419923e0,
    3.15251094599893866154e1,
    5.71628192246421288162e1,
    4.40805073893200834700e1,
    1.46849561928858024014e1,
    2.18663306850790267539e0,
    -1.40256079171354495875e-1,
    -3.50424626827848203418e-2,
    -8.57456785154685413611e-4,
)
_Q1 = (
    1.57799883256466749731e1,
    4.53907635128879210584e1,
    4.13172038254672030440e1,
    1.50425385692907503408e1,
    2.50464946208309415979e0,
    -1.42182922854787788574e-1,
    -3.80806407691578277194e-2,
    -9.33259480895457427372e-4,
)
_P2 = (
    3.23774891776946035970e0,
    6.91522889068984211695e0,
    3.93881025292474443415e0,
    1.33303460815807542389e0,
    2.01485389549179081538e-1,
    1.23716634817820021358e-2,
    3.01581553508235416007e-4,
    2.65806974686737550832e-6,
    6.23974539184983293730e-9,
)
_Q2 = (
    6.02427039364742014255e0,
    3.67983563856160859403e0,
    1.37702099489081330271e0,
    2.16236993594496635890e-1,
    1.34204006088543189037e-2,
    3.28014464682127739104e-4,
    2.89247864745380683936e-6,
    6.79019408009981274425e-9,
)


def normal_inverse(y0):
    """Statistics.normalInverse: the standard normal quantile of ``y0``."""
    s2pi = math.sqrt(2.0 * math.pi)
    code = 1
    y = y0
    if y > 1.0 - 0.13533528323661269189:
        y = 1.0 - y
        code = 0
    if y > 0.13533528323661269189:
        y = y - 0.5
        y2 = y * y
        x = y + y * (y2 * polevl(y2, _P0) / p1evl(y2, _Q0))
        return x * s2pi
    x = math.sqrt(-2.0 * math.log(y))
    x0 = x - math.log(x) / x
    z = 1.0 / x
    if x < 8.0:
        x1 = z * polevl(z, _P1) / p1evl(z, _Q1)
    else:
        x1 = z * polevl(z, _P2) / p1evl(z, _Q2)
    x = x0 - x1
    return -x if code != 0 else x


def add_errs(n, e, cf):
    """Stats.addErrs: the extra errors of C4.5's upper confidence limit.

    ``cf`` is Java's float ``m_CF`` (``np.float32``): ``1 - CF`` is taken in
    float, as Java does, before the normal quantile.
    """
    cf = np.float32(cf)
    if cf > 0.5:
        return 0.0
    if e < 1:
        base = n * (1 - math.pow(float(cf), 1 / n))
        if e == 0:
            return base
        return base + e * (add_errs(n, 1, cf) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    z = normal_inverse(float(np.float32(1) - cf))
    f = (e + 0.5) / n
    r = (
        f
        + (z * z) / (2 * n)
        + z * math.sqrt((f / n) - (f * f / n) + (z * z / (4 * n * n)))
    ) / (1 + (z * z) / n)
    return (r * n) - e
