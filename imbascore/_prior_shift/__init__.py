"""The deployment's class ratio: prevalence estimation, probability
correction, and the balanced accuracy curve over training ratios.
"""
