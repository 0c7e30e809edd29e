"""Thresholds and decisions: the threshold curve, constraints, operating
points and their scores, decision curves.
"""
