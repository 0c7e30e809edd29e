"""What reads a counted table for a person: the report, and the public
:class:`~imbascore.ConfusionCounts` (the table with its readers).
"""
