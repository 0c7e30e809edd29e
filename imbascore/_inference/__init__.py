"""Inference: intervals, paired comparison of two predictions, comparison of
models by resampling and of approaches across data sets, study summaries.
"""
