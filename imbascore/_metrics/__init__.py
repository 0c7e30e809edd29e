"""Metric definitions: pure formulas, per-class functions, the public metric
functions, scikit-learn's metrics from counts, and metrics at a class ratio.
"""
