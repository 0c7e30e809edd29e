"""imbascore: judge classifiers on imbalanced data inside scikit-learn.

Metric functions with scikit-learn's ``(y_true, y_pred, ...)`` signature,
built on one validated, one-pass confusion count; scorers of every metric; a
registry that resolves our scorer names and scikit-learn's; and a scorer that
computes many metrics from one prediction and one count.
"""

from ._calibration.line import calibration_intercept_slope
from ._calibration.reliability import (
    BinnedReliability,
    ReliabilityDiagram,
    binned_reliability,
    reliability_diagram,
)
from ._calibration.report import CalibrationReport, calibration_report
from ._calibration.results import (
    CalibrationDecomposition,
    Estimate,
    LogisticCalibration,
)
from ._core.moved import install as install_moved_paths
from ._core.public import pin_public_paths
from ._core.version import __version__ as __version__
from ._groups.counts import GroupedCounts, confusion_counts_by_group
from ._groups.decisions import (
    GroupThreshold,
    group_threshold,
    threshold_curves_by_group,
)
from ._groups.metrics import GroupComparison, GroupMetrics, metrics_by_group
from ._groups.worst import worst_group_score
from ._inference.across_datasets import ApproachComparison, compare_approaches
from ._inference.cochran import CochranComparison
from ._inference.five_by_two import five_by_two_cv
from ._inference.intervals import MetricInterval, metric_interval
from ._inference.model_comparison import (
    ModelComparison,
    compare_models,
    simplest_within_noise,
)
from ._inference.paired import PairedCounts, PredictionComparison, compare_predictions
from ._inference.summaries import fold_scores, summarize
from ._metrics.at_prevalence import class_ratio_dependence, score_at_prevalence
from ._metrics.costs import cost_threshold, expected_cost_score
from ._metrics.define import define_metric
from ._metrics.garcia2009 import garcia2009_measures
from ._metrics.net_benefit import net_benefit_score
from ._metrics.no_information_rate import (
    NoInformationRateTest,
    no_information_rate_test,
)
from ._prior_shift.balanced_accuracy_curve import balanced_accuracy_curve
from ._prior_shift.correction import PriorCorrectedClassifier, correct_probabilities
from ._prior_shift.estimation import (
    ClippedPrevalenceWarning,
    PrevalenceEstimate,
    PrevalenceEstimator,
    estimate_prevalence,
)
from ._ranking.bands import CurveBand, curve_band
from ._report.confusion import ConfusionCounts, confusion_counts
from ._report.report import imbalanced_report
from ._scorer.decision_scorers import (
    neg_expected_cost_scorer,
    net_benefit_scorer,
    precision_at_recall_scorer,
    recall_at_precision_scorer,
    sensitivity_at_specificity_scorer,
    specificity_at_sensitivity_scorer,
    tpr_at_fpr_scorer,
)
from ._scorer.multi_scorer import MultiScorer, multi_scorer
from ._scorer.registry import get_scorer, get_scorer_names, get_scoring, register_scorer
from ._specs.catalogue import MetricInfo, list_metrics
from ._specs.formulas import is_feasible, rates_from_dominance_gmean
from ._thresholds.curve import (
    ThresholdCurve,
    best_threshold,
    threshold_curve,
    threshold_metric_names,
)
from ._thresholds.decision_curve import DecisionCurve, decision_curve
from ._thresholds.operating_point_scores import (
    precision_at_recall_score,
    recall_at_precision_score,
    sensitivity_at_specificity_score,
    specificity_at_sensitivity_score,
    tpr_at_fpr_score,
)
from ._thresholds.operating_points import OperatingPoint, operating_point
from .metrics import (
    ad_area_score,
    adjusted_geometric_mean_score,
    aucz_score,
    auprg_score,
    average_precision_score,
    balanced_accuracy_score,
    brier_score_loss,
    calibration_decomposition,
    class_balance_accuracy_score,
    dominance_score,
    dprime_score,
    expected_calibration_error,
    false_negative_rate_score,
    false_positive_rate_score,
    geometric_mean_score,
    iba_score,
    index_balanced_accuracy_score,
    informedness_score,
    log_loss,
    markedness_score,
    miscalibration_score,
    negative_likelihood_ratio_score,
    negative_predictive_value_score,
    normalized_mutual_information_score,
    optimized_precision_score,
    pabak_score,
    partial_auc_score,
    positive_likelihood_ratio_score,
    precision_recall_gain_curve,
    roc_auc_score,
    sedi_score,
    sensitivity_score,
    specificity_score,
    weighted_accuracy_score,
)
from .scorers import (
    ad_area_scorer,
    adjusted_balanced_accuracy_scorer,
    agm_scorer,
    aucz_scorer,
    auprg_scorer,
    average_precision_scorer,
    brier_scorer,
    cba_scorer,
    dominance_scorer,
    dprime_scorer,
    ece_scorer,
    gmean_scorer,
    iba_scorer,
    informedness_scorer,
    log_loss_scorer,
    lr_plus_scorer,
    markedness_scorer,
    mcb_scorer,
    neg_fnr_scorer,
    neg_fpr_scorer,
    neg_lr_minus_scorer,
    nmi_scorer,
    npv_scorer,
    optimized_precision_scorer,
    pabak_scorer,
    partial_auc_scorer,
    roc_auc_scorer,
    sedi_scorer,
    sensitivity_scorer,
    specificity_scorer,
    weighted_accuracy_scorer,
    worst_group_scorer,
)

__all__ = [
    "ad_area_score",
    "adjusted_geometric_mean_score",
    "class_balance_accuracy_score",
    "pabak_score",
    "sedi_score",
    "ad_area_scorer",
    "adjusted_balanced_accuracy_scorer",
    "ApproachComparison",
    "aucz_score",
    "aucz_scorer",
    "auprg_score",
    "auprg_scorer",
    "average_precision_score",
    "average_precision_scorer",
    "balanced_accuracy_curve",
    "balanced_accuracy_score",
    "best_threshold",
    "binned_reliability",
    "BinnedReliability",
    "brier_score_loss",
    "brier_scorer",
    "calibration_decomposition",
    "calibration_intercept_slope",
    "calibration_report",
    "CalibrationDecomposition",
    "CalibrationReport",
    "class_ratio_dependence",
    "ClippedPrevalenceWarning",
    "compare_approaches",
    "compare_models",
    "compare_predictions",
    "five_by_two_cv",
    "fold_scores",
    "confusion_counts",
    "confusion_counts_by_group",
    "ConfusionCounts",
    "correct_probabilities",
    "cost_threshold",
    "curve_band",
    "CurveBand",
    "decision_curve",
    "DecisionCurve",
    "dominance_score",
    "dominance_scorer",
    "dprime_score",
    "dprime_scorer",
    "ece_scorer",
    "Estimate",
    "estimate_prevalence",
    "expected_calibration_error",
    "expected_cost_score",
    "false_negative_rate_score",
    "false_positive_rate_score",
    "garcia2009_measures",
    "geometric_mean_score",
    "get_scorer",
    "get_scorer_names",
    "get_scoring",
    "gmean_scorer",
    "group_threshold",
    "GroupComparison",
    "GroupedCounts",
    "GroupMetrics",
    "GroupThreshold",
    "iba_score",
    "iba_scorer",
    "imbalanced_report",
    "index_balanced_accuracy_score",
    "informedness_score",
    "informedness_scorer",
    "is_feasible",
    "list_metrics",
    "define_metric",
    "no_information_rate_test",
    "NoInformationRateTest",
    "log_loss",
    "log_loss_scorer",
    "LogisticCalibration",
    "lr_plus_scorer",
    "markedness_score",
    "markedness_scorer",
    "mcb_scorer",
    "metric_interval",
    "MetricInfo",
    "MetricInterval",
    "metrics_by_group",
    "miscalibration_score",
    "ModelComparison",
    "CochranComparison",
    "multi_scorer",
    "MultiScorer",
    "neg_expected_cost_scorer",
    "neg_fnr_scorer",
    "neg_fpr_scorer",
    "neg_lr_minus_scorer",
    "negative_likelihood_ratio_score",
    "negative_predictive_value_score",
    "net_benefit_score",
    "net_benefit_scorer",
    "nmi_scorer",
    "normalized_mutual_information_score",
    "npv_scorer",
    "agm_scorer",
    "cba_scorer",
    "pabak_scorer",
    "sedi_scorer",
    "operating_point",
    "OperatingPoint",
    "optimized_precision_score",
    "optimized_precision_scorer",
    "PairedCounts",
    "partial_auc_score",
    "partial_auc_scorer",
    "positive_likelihood_ratio_score",
    "precision_at_recall_score",
    "precision_at_recall_scorer",
    "precision_recall_gain_curve",
    "PredictionComparison",
    "PrevalenceEstimate",
    "PrevalenceEstimator",
    "PriorCorrectedClassifier",
    "rates_from_dominance_gmean",
    "recall_at_precision_score",
    "recall_at_precision_scorer",
    "register_scorer",
    "reliability_diagram",
    "ReliabilityDiagram",
    "roc_auc_score",
    "roc_auc_scorer",
    "score_at_prevalence",
    "sensitivity_at_specificity_score",
    "sensitivity_at_specificity_scorer",
    "sensitivity_score",
    "sensitivity_scorer",
    "simplest_within_noise",
    "specificity_at_sensitivity_score",
    "specificity_at_sensitivity_scorer",
    "specificity_score",
    "specificity_scorer",
    "summarize",
    "threshold_curve",
    "threshold_curves_by_group",
    "threshold_metric_names",
    "ThresholdCurve",
    "tpr_at_fpr_score",
    "tpr_at_fpr_scorer",
    "weighted_accuracy_score",
    "weighted_accuracy_scorer",
    "worst_group_score",
    "worst_group_scorer",
]

pin_public_paths(globals(), __all__, __name__)

install_moved_paths()
