"""Weka 3.6's algorithms rebuilt rule by rule (IBk, SMO, MLP, NaiveBayes,
J48, SMOTE, RBFNetwork's stand-in) and the pieces of Weka they share.
"""
