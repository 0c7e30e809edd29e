"""Scorers: the factories, the decision scorers, the registry of names,
and the multi-metric scorer.
"""
